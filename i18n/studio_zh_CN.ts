<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name></name>
    <message>
        <source>{size}/s</source>
        <translation>{size}/秒</translation>
    </message>
    <message>
        <source>{h} h {m} min</source>
        <translation>{h} 小时 {m} 分钟</translation>
    </message>
    <message>
        <source>{m} min {s} s</source>
        <translation>{m} 分 {s} 秒</translation>
    </message>
    <message>
        <source>{s} s</source>
        <translation>{s} 秒</translation>
    </message>
    <message>
        <source>Fits on GPU · {context} context</source>
        <translation>可放入 GPU · 上下文 {context}</translation>
    </message>
    <message>
        <source>Partly on CPU ({gpu}/{total} layers on GPU) · {context} context</source>
        <translation>部分在 CPU 上（GPU 上 {gpu}/{total} 层）· 上下文 {context}</translation>
    </message>
    <message>
        <source>CPU only · {context} context</source>
        <translation>仅 CPU · 上下文 {context}</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>放不下</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>{arch}, {params} parameters. Needs {gpu} on GPUs and {host} in RAM at {context} context (trained: {trained}).</source>
        <translation>{arch}，{params} 参数。在 {context} 上下文下需要 GPU {gpu}、内存 {host}（训练上下文：{trained}）。</translation>
    </message>
    <message>
        <source>Older version</source>
        <translation>较旧版本</translation>
    </message>
    <message>
        <source>Newer version</source>
        <translation>较新版本</translation>
    </message>
    <message>
        <source>{position}/{count}</source>
        <translation>{position}/{count}</translation>
    </message>
    <message>
        <source>chosen in Settings</source>
        <translation>在设置中选择</translation>
    </message>
    <message>
        <source>from STUDIO_LLAMA_SERVER</source>
        <translation>来自 STUDIO_LLAMA_SERVER</translation>
    </message>
    <message>
        <source>built here</source>
        <translation>在本机构建</translation>
    </message>
    <message>
        <source>bundled</source>
        <translation>内置</translation>
    </message>
    <message>
        <source>on the PATH</source>
        <translation>在 PATH 中</translation>
    </message>
    <message>
        <source>System RAM</source>
        <translation>系统内存</translation>
    </message>
</context>
<context>
    <name>AlertBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>ApiPanel</name>
    <message>
        <source>Local API (OpenAI-compatible)</source>
        <translation>本地 API（兼容 OpenAI）</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>Port of the local API</source>
        <translation>本地 API 的端口</translation>
    </message>
    <message>
        <source>Reachable from other computers on the network</source>
        <translation>可从网络中的其他计算机访问</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>地址</translation>
    </message>
    <message>
        <source>Base URL of the local API</source>
        <translation>本地 API 的基础 URL</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Copy the API address</source>
        <translation>复制 API 地址</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API 密钥</translation>
    </message>
    <message>
        <source>Made when the API first starts</source>
        <translation>在 API 首次启动时生成</translation>
    </message>
    <message>
        <source>API key clients must send</source>
        <translation>客户端必须发送的 API 密钥</translation>
    </message>
    <message>
        <source>Copy the API key</source>
        <translation>复制 API 密钥</translation>
    </message>
    <message>
        <source>New key</source>
        <translation>新密钥</translation>
    </message>
    <message>
        <source>Make a new API key; the old one stops working</source>
        <translation>生成新的 API 密钥；旧密钥将失效</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Requests the local API answered</source>
        <translation>本地 API 已响应的请求</translation>
    </message>
    <message>
        <source>Request columns</source>
        <translation>请求列</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>Took</source>
        <translation>耗时</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>启动</translation>
    </message>
    <message>
        <source>Stop the local API</source>
        <translation>停止本地 API</translation>
    </message>
    <message>
        <source>Start the local API</source>
        <translation>启动本地 API</translation>
    </message>
    <message>
        <source>The local API needs an engine; choose one in Settings &gt; Engine.</source>
        <translation>本地 API 需要一个引擎；请在“设置 &gt; 引擎”中选择。</translation>
    </message>
    <message>
        <source>Running. Programs use the address as their OpenAI base URL and the key as their API key; they get the model loaded here, or name another from the Library to load it.</source>
        <translation>运行中。程序将该地址用作 OpenAI 基础 URL，将密钥用作 API 密钥；它们会使用此处加载的模型，或指定资料库中的其他模型来加载。</translation>
    </message>
    <message>
        <source>Other computers on your network can reach it.</source>
        <translation>您网络中的其他计算机可以访问它。</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在开始…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>Stopped. Start it to let other programs chat with the model loaded here.</source>
        <translation>已停止。启动后，其他程序即可与此处加载的模型聊天。</translation>
    </message>
    <message>
        <source>client left</source>
        <translation>客户端已离开</translation>
    </message>
    <message>
        <source>{ms} ms</source>
        <translation>{ms} 毫秒</translation>
    </message>
    <message>
        <source>{s} s</source>
        <translation>{s} 秒</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s)</source>
        <translation>
            <numerusform>%n 个请求</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with an error</source>
        <translation>
            <numerusform>%n 个出错</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BenchDialog</name>
    <message>
        <source>Benchmark {model}</source>
        <translation>基准测试 {model}</translation>
    </message>
    <message>
        <source>Variants of the plan</source>
        <translation>方案的变体</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>How to measure</source>
        <translation>如何测量</translation>
    </message>
    <message>
        <source>Runs per variant</source>
        <translation>每个变体的轮数</translation>
    </message>
    <message>
        <source>Prompt lengths in tokens</source>
        <translation>以 token 计的提示长度</translation>
    </message>
    <message>
        <source>Those longer than the context are left out.</source>
        <translation>超过上下文的长度会被排除。</translation>
    </message>
    <message>
        <source>Prompt lengths (tokens)</source>
        <translation>提示长度 (token)</translation>
    </message>
    <message>
        <source>Tokens written per request</source>
        <translation>每个请求写出的 token 数</translation>
    </message>
    <message>
        <source>Tokens written</source>
        <translation>写出的 token 数</translation>
    </message>
    <message>
        <source>Find the fastest…</source>
        <translation>寻找最快…</translation>
    </message>
    <message>
        <source>Search around this plan for the fastest plan that fits</source>
        <translation>在此方案周围搜索放得下的最快方案</translation>
    </message>
    <message>
        <source>Start the search</source>
        <translation>开始搜索</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>以后再说</translation>
    </message>
    <message>
        <source>Do not start the search</source>
        <translation>不开始搜索</translation>
    </message>
    <message>
        <source>Benchmark progress</source>
        <translation>基准测试进度</translation>
    </message>
    <message>
        <source>Cancel the benchmark</source>
        <translation>取消基准测试</translation>
    </message>
    <message>
        <source>Benchmark this plan</source>
        <translation>测量此方案</translation>
    </message>
    <message>
        <source>Run the A/B</source>
        <translation>运行 A/B</translation>
    </message>
    <message>
        <source>Measure this plan</source>
        <translation>测量此方案</translation>
    </message>
    <message numerus="yes">
        <source>Measure the base and %n variant(s) in turn</source>
        <translation>
            <numerusform>轮流测量基准和 %n 个变体</numerusform>
        </translation>
    </message>
    <message>
        <source>Planning the variants…</source>
        <translation>正在规划变体…</translation>
    </message>
    <message>
        <source>Planning the variants to try…</source>
        <translation>正在规划要尝试的变体…</translation>
    </message>
    <message>
        <source>{variants} variants to try, {runs} runs at most: about {time}.</source>
        <translation>要尝试 {variants} 个变体，最多 {runs} 轮：约 {time}。</translation>
    </message>
    <message>
        <source>Estimated from the last benchmark of this plan.</source>
        <translation>根据此方案上一次的基准测试估计。</translation>
    </message>
    <message>
        <source>A rough guess: nothing was measured yet.</source>
        <translation>粗略估计：尚未测量任何内容。</translation>
    </message>
    <message numerus="yes">
        <source>%n more do not fit and are left out.</source>
        <translation>
            <numerusform>另有 %n 个放不下，已排除。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n second(s)</source>
        <translation>
            <numerusform>%n 秒</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation>
            <numerusform>%n 分钟</numerusform>
        </translation>
    </message>
    <message>
        <source>Starting the search…</source>
        <translation>正在开始搜索…</translation>
    </message>
    <message>
        <source>Loading {variant}…</source>
        <translation>正在加载 {variant}…</translation>
    </message>
    <message>
        <source>Warming up {variant}…</source>
        <translation>正在预热 {variant}…</translation>
    </message>
    <message>
        <source>Measuring {variant}: run {run} of {runs}…</source>
        <translation>正在测量 {variant}：第 {run} 轮，共 {runs} 轮…</translation>
    </message>
    <message>
        <source>Loading again what was loaded before…</source>
        <translation>正在重新加载之前加载的内容…</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>完成。</translation>
    </message>
    <message>
        <source>Cancelled; what was loaded before is loaded again.</source>
        <translation>已取消；之前加载的内容已重新加载。</translation>
    </message>
    <message>
        <source>Stopping, then loading again what was loaded before…</source>
        <translation>正在停止，然后重新加载之前加载的内容…</translation>
    </message>
</context>
<context>
    <name>BenchPlots</name>
    <message>
        <source>Benchmark plots</source>
        <translation>基准测试图表</translation>
    </message>
    <message>
        <source>The figures are plotted here once a benchmark has run.</source>
        <translation>运行基准测试后，数据会以图表显示在这里。</translation>
    </message>
    <message>
        <source>Generation (tokens/s)</source>
        <translation>生成 (token/秒)</translation>
    </message>
    <message>
        <source>Prompt processing (tokens/s)</source>
        <translation>提示处理 (token/秒)</translation>
    </message>
    <message>
        <source>Memory per device</source>
        <translation>各设备内存</translation>
    </message>
    <message>
        <source>Memory per device ({unit})</source>
        <translation>各设备内存 ({unit})</translation>
    </message>
    <message>
        <source>{device}: {size}</source>
        <translation>{device}：{size}</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>开销</translation>
    </message>
    <message>
        <source>Prompt cache</source>
        <translation>提示缓存</translation>
    </message>
</context>
<context>
    <name>BenchResults</name>
    <message>
        <source>The measured plan to use</source>
        <translation>要使用的已测量方案</translation>
    </message>
    <message>
        <source>Use this plan</source>
        <translation>使用此方案</translation>
    </message>
    <message>
        <source>Put this plan into the load dialog</source>
        <translation>将此方案带入加载对话框</translation>
    </message>
    <message>
        <source>Earlier results for this model and devices</source>
        <translation>此模型和这些设备以前的结果</translation>
    </message>
    <message>
        <source>Earlier results</source>
        <translation>以前的结果</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>Save the result as PNG, CSV or JSON</source>
        <translation>将结果保存为 PNG、CSV 或 JSON</translation>
    </message>
    <message>
        <source>Fastest: {variant}.</source>
        <translation>最快：{variant}。</translation>
    </message>
    <message>
        <source>{variant}: {generation} tokens/s generating, {prompt} tokens/s reading the prompt, the first token after {first} s.</source>
        <translation>{variant}：生成 {generation} token/秒，读取提示 {prompt} token/秒，首个 token 在 {first} 秒后。</translation>
    </message>
    <message>
        <source>{variant}: {problem}</source>
        <translation>{variant}：{problem}</translation>
    </message>
    <message>
        <source>{variant}: stopped after one run, clearly slower.</source>
        <translation>{variant}：一轮后停止，明显更慢。</translation>
    </message>
    <message>
        <source>benchmark</source>
        <translation>基准测试</translation>
    </message>
    <message>
        <source>A/B</source>
        <translation>A/B</translation>
    </message>
    <message>
        <source>search for the fastest</source>
        <translation>搜索最快</translation>
    </message>
    <message>
        <source>{when}, {kind}: {variants}</source>
        <translation>{when}，{kind}：{variants}</translation>
    </message>
    <message>
        <source>{changes}: used for this load, not remembered for the next.</source>
        <translation>{changes}：用于本次加载，不会为下次记住。</translation>
    </message>
    <message>
        <source>{changes}: not part of a plan, so a load from the dialog leaves it to the engine.</source>
        <translation>{changes}：不属于方案，因此从对话框加载时由引擎决定。</translation>
    </message>
    <message>
        <source>Saved to {path}.</source>
        <translation>已保存到 {path}。</translation>
    </message>
</context>
<context>
    <name>ChatFirst</name>
    <message>
        <source>Open a GGUF model</source>
        <translation>打开 GGUF 模型</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF 模型 (*.gguf)</translation>
    </message>
    <message>
        <source>Add a folder of GGUF models</source>
        <translation>添加 GGUF 模型文件夹</translation>
    </message>
    <message>
        <source>{model} could not be loaded: {reason}</source>
        <translation>无法加载 {model}：{reason}</translation>
    </message>
    <message>
        <source>The model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Change load settings…</source>
        <translation>更改加载设置…</translation>
    </message>
</context>
<context>
    <name>ChatPane</name>
    <message>
        <source>No model loaded.</source>
        <translation>未加载模型。</translation>
    </message>
    <message>
        <source>Cancel edit</source>
        <translation>取消编辑</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>Message (Enter sends, Shift+Enter starts a new line)</source>
        <translation>消息（Enter 发送，Shift+Enter 换行）</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>发送</translation>
    </message>
    <message>
        <source>Send the message</source>
        <translation>发送消息</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the answer</source>
        <translation>停止回答</translation>
    </message>
    <message>
        <source>Show or hide the inspector</source>
        <translation>显示或隐藏检查器</translation>
    </message>
    <message>
        <source>System prompt, sampling and memory</source>
        <translation>系统提示词、采样和内存</translation>
    </message>
    <message>
        <source>{problem}
Your saved conversations are left as they are; conversations in this session will not be kept.</source>
        <translation>{problem}
已保存的对话保持原样；本次会话中的对话不会被保存。</translation>
    </message>
    <message>
        <source>Editing an earlier message: sending makes a new version of it and answers anew; the conversation that followed the old one stays, a page away.</source>
        <translation>正在编辑较早的消息：发送后会生成该消息的新版本并重新回答；原版本之后的对话仍会保留，翻页即可查看。</translation>
    </message>
    <message>
        <source>Resend</source>
        <translation>重新发送</translation>
    </message>
    <message>
        <source>&lt;b&gt;New conversation&lt;/b&gt;</source>
        <translation>&lt;b&gt;新对话&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Load a model to chat.</source>
        <translation>加载模型即可开始聊天。</translation>
    </message>
</context>
<context>
    <name>CitationLinks</name>
    <message>
        <source>Sources: {links}</source>
        <translation>来源：{links}</translation>
    </message>
</context>
<context>
    <name>ContextMeter</name>
    <message>
        <source>{used} / {size} tokens</source>
        <translation>{used} / {size} 个 token</translation>
    </message>
    <message>
        <source>The system prompt, the conversation and your message, in the model&apos;s tokens</source>
        <translation>系统提示词、对话和您的消息（以模型的 token 计）</translation>
    </message>
    <message>
        <source>This does not fit whole: it needs {used} tokens and the context holds {size}, so the oldest messages will be left out of the request.</source>
        <translation>无法完整放下：需要 {used} 个 token，而上下文只能容纳 {size} 个，因此最早的消息将从请求中略去。</translation>
    </message>
    <message>
        <source>This message does not fit even without the earlier messages: with the system prompt it needs {floor} tokens and the context holds {size}. Shorten it or load the model with a larger context.</source>
        <translation>即使不含之前的消息，此消息也放不下：加上系统提示词需要 {floor} 个 token，而上下文只能容纳 {size} 个。请缩短消息，或以更大的上下文加载模型。</translation>
    </message>
    <message>
        <source>Sending now needs {used} tokens, but the context holds {size}. Shorten the message, start a new conversation, or let the chat drop the oldest messages (Inspector &gt; Context).</source>
        <translation>现在发送需要 {used} 个 token，但上下文只能容纳 {size} 个。请缩短消息、开始新对话，或让聊天舍弃最早的消息（检查器 &gt; 上下文）。</translation>
    </message>
    <message>
        <source>The context is nearly full: {left} tokens are left for this answer and what follows.</source>
        <translation>上下文即将用满：此回答及后续内容只剩 {left} 个 token。</translation>
    </message>
</context>
<context>
    <name>ContextSettings</name>
    <message>
        <source>Thinking budget</source>
        <translation>思考预算</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>无限制</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> 个 token</translation>
    </message>
    <message>
        <source>How many tokens the model may think before it must answer.</source>
        <translation>模型在必须回答之前可用于思考的 token 数。</translation>
    </message>
    <message>
        <source>When the context is full</source>
        <translation>上下文已满时</translation>
    </message>
    <message>
        <source>Stop and say so</source>
        <translation>停止并提示</translation>
    </message>
    <message>
        <source>Drop the oldest messages</source>
        <translation>舍弃最早的消息</translation>
    </message>
    <message>
        <source>Dropping leaves the oldest messages out of the request (never the system prompt) until it fits; the conversation itself keeps them.</source>
        <translation>舍弃时，会从请求中略去最早的消息（系统提示词除外），直到能放下为止；对话本身仍保留这些消息。</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
</context>
<context>
    <name>ConversationList</name>
    <message>
        <source>Search conversations</source>
        <translation>搜索对话</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>新对话</translation>
    </message>
    <message>
        <source>Rename the conversation</source>
        <translation>重命名该对话</translation>
    </message>
    <message>
        <source>Delete the conversation</source>
        <translation>删除该对话</translation>
    </message>
    <message>
        <source>Export the conversation</source>
        <translation>导出该对话</translation>
    </message>
    <message numerus="yes">
        <source>{when} · %n message(s)</source>
        <translation>
            <numerusform>{when} · %n 条消息</numerusform>
        </translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation>重命名对话</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>标题：</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>删除对话</translation>
    </message>
    <message>
        <source>Delete “{title}” and all its messages?</source>
        <translation>删除“{title}”及其所有消息？</translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation>Markdown (*.md)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>Export conversation</source>
        <translation>导出对话</translation>
    </message>
</context>
<context>
    <name>ConversationView</name>
    <message>
        <source>Conversation</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>You</source>
        <translation>你</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>Assistant ({model})</source>
        <translation>助手（{model}）</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>Thinking… ({count} characters)</source>
        <translation>思考中…（{count} 个字符）</translation>
    </message>
    <message>
        <source>Reasoning ({count} characters)</source>
        <translation>推理过程（{count} 个字符）</translation>
    </message>
    <message>
        <source>code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>重新生成</translation>
    </message>
    <message>
        <source>{rate:.1f} tokens/s</source>
        <translation>{rate:.1f} token/秒</translation>
    </message>
    <message>
        <source>first token {ms:.0f} ms</source>
        <translation>首个 token {ms:.0f} 毫秒</translation>
    </message>
    <message>
        <source>{n} tokens</source>
        <translation>{n} 个 token</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>正在输出…</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>已停止。</translation>
    </message>
</context>
<context>
    <name>DeviceMemoryBar</name>
    <message>
        <source>Memory of {device}</source>
        <translation>{device} 的内存</translation>
    </message>
    <message>
        <source>Plan {plan} of {usable} usable ({free} free of {total})</source>
        <translation>计划 {plan}，可用 {usable}（空闲 {free}，共 {total}）</translation>
    </message>
    <message>
        <source>Includes a prompt cache of {cache} that fills with use</source>
        <translation>包含 {cache} 的提示缓存，随使用逐渐填充</translation>
    </message>
    <message>
        <source>{over} over budget</source>
        <translation>超出预算 {over}</translation>
    </message>
    <message>
        <source>Models staying loaded hold {taken}</source>
        <translation>保持加载的模型占用 {taken}</translation>
    </message>
    <message>
        <source>Engine allocated {actual} (predicted {plan})</source>
        <translation>引擎分配了 {actual}（预测 {plan}）</translation>
    </message>
    <message>
        <source>In use now: {live}</source>
        <translation>当前占用：{live}</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Compute buffers</source>
        <translation>计算缓冲区</translation>
    </message>
    <message>
        <source>Output buffer and overhead</source>
        <translation>输出缓冲区和开销</translation>
    </message>
    <message>
        <source>Prompt cache (fills with use)</source>
        <translation>提示缓存（随使用填充）</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
</context>
<context>
    <name>DeviceMemoryView</name>
    <message>
        <source>Looking for devices…</source>
        <translation>正在查找设备…</translation>
    </message>
    <message>
        <source>Device memory</source>
        <translation>设备内存</translation>
    </message>
    <message>
        <source>The loaded model&apos;s engine holds {size} of RAM.</source>
        <translation>已加载模型的引擎占用 {size} 内存。</translation>
    </message>
    <message>
        <source>The engine could not be started:
{detail}</source>
        <translation>无法启动引擎：
{detail}</translation>
    </message>
    <message>
        <source>{name}: {free} of {total} MiB free</source>
        <translation>{name}：空闲 {free} / {total} MiB</translation>
    </message>
    <message>
        <source>No GPU found: models run on the CPU.</source>
        <translation>未找到 GPU：模型在 CPU 上运行。</translation>
    </message>
    <message>
        <source>{name}: {free} of {total} free</source>
        <translation>{name}：{total} 中可用 {free}</translation>
    </message>
</context>
<context>
    <name>DeviceSharesBar</name>
    <message>
        <source>Loaded models on {device}</source>
        <translation>{device} 上已加载的模型</translation>
    </message>
    <message>
        <source>{model}: {predicted} predicted</source>
        <translation>{model}：预测 {predicted}</translation>
    </message>
    <message>
        <source>{model}: {predicted} predicted ({cache} of it a prompt cache that fills with use), {allocated} allocated</source>
        <translation>{model}：预测 {predicted}（其中 {cache} 为随使用填充的提示缓存），已分配 {allocated}</translation>
    </message>
    <message>
        <source>{model}: {predicted} predicted, {allocated} allocated</source>
        <translation>{model}：预测 {predicted}，已分配 {allocated}</translation>
    </message>
    <message>
        <source>Together {predicted} of {total}</source>
        <translation>合计 {predicted}，共 {total}</translation>
    </message>
</context>
<context>
    <name>DiscoverPage</name>
    <message>
        <source>Search GGUF models, e.g. qwen3 or llama 8b</source>
        <translation>搜索 GGUF 模型，例如 qwen3 或 llama 8b</translation>
    </message>
    <message>
        <source>Search text</source>
        <translation>搜索文本</translation>
    </message>
    <message>
        <source>Sort results by</source>
        <translation>结果排序方式</translation>
    </message>
    <message>
        <source>Most downloaded</source>
        <translation>下载最多</translation>
    </message>
    <message>
        <source>Most liked</source>
        <translation>点赞最多</translation>
    </message>
    <message>
        <source>Recently updated</source>
        <translation>最近更新</translation>
    </message>
    <message>
        <source>Trending</source>
        <translation>热门</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Search results</source>
        <translation>搜索结果</translation>
    </message>
    <message>
        <source>Filter these results</source>
        <translation>筛选这些结果</translation>
    </message>
    <message>
        <source>Filter the search results</source>
        <translation>筛选搜索结果</translation>
    </message>
    <message>
        <source>Load more</source>
        <translation>加载更多</translation>
    </message>
    <message>
        <source>Choose a repository to see its files.</source>
        <translation>选择一个仓库以查看其文件。</translation>
    </message>
    <message>
        <source>Files of the repository</source>
        <translation>仓库中的文件</translation>
    </message>
    <message>
        <source>Include the vision projector (mmproj)</source>
        <translation>包含视觉投影器（mmproj）</translation>
    </message>
    <message>
        <source>Download into</source>
        <translation>下载到</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>下载</translation>
    </message>
    <message>
        <source>Into:</source>
        <translation>保存到：</translation>
    </message>
    <message>
        <source>Hugging Face cache</source>
        <translation>Hugging Face 缓存</translation>
    </message>
    <message>
        <source>No GGUF repositories match “{query}”.</source>
        <translation>没有与“{query}”匹配的 GGUF 仓库。</translation>
    </message>
    <message>
        <source>Loading {repo}…</source>
        <translation>正在加载 {repo}…</translation>
    </message>
    <message>
        <source>License: {license}</source>
        <translation>许可证：{license}</translation>
    </message>
    <message>
        <source>Based on {model}</source>
        <translation>基于 {model}</translation>
    </message>
    <message>
        <source>Gated: downloading needs a Hugging Face token with access (Settings).</source>
        <translation>受限访问：下载需要具有访问权限的 Hugging Face 令牌（设置）。</translation>
    </message>
    <message>
        <source>The model card has no summary.</source>
        <translation>模型卡片没有摘要。</translation>
    </message>
    <message>
        <source>This repository has no GGUF model files.</source>
        <translation>此仓库中没有 GGUF 模型文件。</translation>
    </message>
    <message>
        <source>The repository could not be opened.</source>
        <translation>无法打开该仓库。</translation>
    </message>
    <message>
        <source>Nothing to show without the Hugging Face Hub. Search again once you are online; the models already on this computer are in the Library.</source>
        <translation>无法连接 Hugging Face Hub，没有可显示的内容。联网后请重新搜索；本机已有的模型在“模型库”中。</translation>
    </message>
    <message>
        <source> + vision projector</source>
        <translation> + 视觉投影器</translation>
    </message>
</context>
<context>
    <name>DocumentsBar</name>
    <message>
        <source>Document…</source>
        <translation>文档…</translation>
    </message>
    <message>
        <source>Attach documents</source>
        <translation>附加文档</translation>
    </message>
    <message>
        <source>Attach PDF, Markdown, text, HTML or Word (.docx) files to this conversation; answers cite the pages they used. You can also drop them on the message box.</source>
        <translation>将 PDF、Markdown、文本、HTML 或 Word（.docx）文件附加到此对话；回答会引用所用的页面。也可以将文件拖放到消息框中。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop indexing the documents</source>
        <translation>停止为文档建立索引</translation>
    </message>
    <message>
        <source>Documents ({patterns})</source>
        <translation>文档 ({patterns})</translation>
    </message>
    <message>
        <source>Reading the documents…</source>
        <translation>正在读取文档…</translation>
    </message>
    <message>
        <source>Reading {name}…</source>
        <translation>正在读取 {name}…</translation>
    </message>
    <message>
        <source>Indexing {name}: {done} of {total} passages</source>
        <translation>正在为 {name} 建立索引：第 {done} 个片段，共 {total} 个</translation>
    </message>
    <message numerus="yes">
        <source>%n page(s)</source>
        <translation>
            <numerusform>%n 页</numerusform>
        </translation>
    </message>
    <message>
        <source>{passages} passages indexed</source>
        <translation>已索引 {passages} 个片段</translation>
    </message>
    <message>
        <source>Remove {name}</source>
        <translation>移除 {name}</translation>
    </message>
</context>
<context>
    <name>DocumentsSection</name>
    <message>
        <source>Documents</source>
        <translation>文档</translation>
    </message>
    <message>
        <source>Embedding model</source>
        <translation>嵌入模型</translation>
    </message>
    <message>
        <source>Attached documents are searched with this model. The chat model embeds with its own engine; another model is loaded beside it and shown in the memory panel.</source>
        <translation>附加的文档将用此模型检索。聊天模型使用自己的引擎生成嵌入；其他模型会与其并列加载，并显示在内存面板中。</translation>
    </message>
    <message>
        <source>The chat model</source>
        <translation>聊天模型</translation>
    </message>
</context>
<context>
    <name>DownloadPanel</name>
    <message>
        <source>Downloads</source>
        <translation>下载</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>继续</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation>清除已完成</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>加载…</translation>
    </message>
</context>
<context>
    <name>DownloadsModel</name>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>Time left</source>
        <translation>剩余时间</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation>{done} / {total}</translation>
    </message>
</context>
<context>
    <name>EngineBuildDialog</name>
    <message>
        <source>Build an engine for this computer</source>
        <translation>为这台计算机构建引擎</translation>
    </message>
    <message>
        <source>GGUF Studio compiles llama.cpp&apos;s llama-server from source for this computer. This takes 15 to 40 minutes and needs a C++ compiler; the app stays usable.</source>
        <translation>GGUF Studio 会从源代码为这台计算机编译 llama.cpp 的 llama-server。这需要 15 到 40 分钟，并且需要 C++ 编译器；期间应用仍可正常使用。</translation>
    </message>
    <message>
        <source>Engine variant</source>
        <translation>引擎变体</translation>
    </message>
    <message>
        <source>For this CPU (fastest)</source>
        <translation>适用于此 CPU（最快）</translation>
    </message>
    <message>
        <source>For any x86-64 CPU (portable, slower to build)</source>
        <translation>适用于任何 x86-64 CPU（可移植，构建较慢）</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>尚未开始</translation>
    </message>
    <message>
        <source>Build progress</source>
        <translation>构建进度</translation>
    </message>
    <message>
        <source>Build log</source>
        <translation>构建日志</translation>
    </message>
    <message>
        <source>Build</source>
        <translation>构建</translation>
    </message>
    <message>
        <source>Cancel build</source>
        <translation>取消构建</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在开始…</translation>
    </message>
    <message numerus="yes">
        <source>about %n minute(s) left</source>
        <translation>
            <numerusform>剩余约 %n 分钟</numerusform>
        </translation>
    </message>
    <message>
        <source>less than a minute left</source>
        <translation>剩余不到 1 分钟</translation>
    </message>
    <message>
        <source>Getting the llama.cpp source…</source>
        <translation>正在获取 llama.cpp 源代码…</translation>
    </message>
    <message>
        <source>Configuring…</source>
        <translation>正在配置…</translation>
    </message>
    <message>
        <source>Compiling</source>
        <translation>正在编译</translation>
    </message>
    <message>
        <source>Installing…</source>
        <translation>正在安装…</translation>
    </message>
    <message>
        <source>Testing the new engine on this CPU…</source>
        <translation>正在此 CPU 上测试新引擎…</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>The new engine runs on this CPU and is used from now on: {path}</source>
        <translation>新引擎可在此 CPU 上运行，今后将使用它：{path}</translation>
    </message>
</context>
<context>
    <name>EngineBuildOffer</name>
    <message>
        <source>No llama-server was found.</source>
        <translation>未找到 llama-server。</translation>
    </message>
    <message>
        <source>No engine runs on this computer</source>
        <translation>没有可在这台计算机上运行的引擎</translation>
    </message>
    <message>
        <source>None of the llama-server engines found can run models on this CPU.</source>
        <translation>找到的 llama-server 引擎都无法在此 CPU 上运行模型。</translation>
    </message>
    <message>
        <source>Build one for this computer now (15 to 40 minutes)?</source>
        <translation>现在为这台计算机构建一个吗（需要 15 到 40 分钟）？</translation>
    </message>
    <message>
        <source>Build engine</source>
        <translation>构建引擎</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>以后再说</translation>
    </message>
</context>
<context>
    <name>EngineStatus</name>
    <message>
        <source>Engine: llama-server {version} ({source})</source>
        <translation>引擎：llama-server {version}（{source}）</translation>
    </message>
    <message>
        <source>Engine unavailable</source>
        <translation>引擎不可用</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <source>Online &amp;help</source>
        <translation>在线帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About GGUF Studio</source>
        <translation>关于 GGUF Studio(&amp;A)</translation>
    </message>
    <message>
        <source>llama-server {version} ({source})</source>
        <translation>llama-server {version}（{source}）</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>不可用</translation>
    </message>
    <message>
        <source>Engine: {engine}</source>
        <translation>引擎：{engine}</translation>
    </message>
    <message>
        <source>Licence: {licence}</source>
        <translation>许可证：{licence}</translation>
    </message>
    <message>
        <source>About GGUF Studio</source>
        <translation>关于 GGUF Studio</translation>
    </message>
</context>
<context>
    <name>ImageAttachButton</name>
    <message>
        <source>Image…</source>
        <translation>图片…</translation>
    </message>
    <message>
        <source>Attach images</source>
        <translation>附加图片</translation>
    </message>
    <message>
        <source>Attach images (PNG, JPEG, WebP); you can also drop or paste them</source>
        <translation>附加图片（PNG、JPEG、WebP）；也可以拖放或粘贴</translation>
    </message>
    <message>
        <source>Images (*.png *.jpg *.jpeg *.webp)</source>
        <translation>图片 (*.png *.jpg *.jpeg *.webp)</translation>
    </message>
</context>
<context>
    <name>ImageDropFilter</name>
    <message>
        <source>dropped image</source>
        <translation>拖放的图片</translation>
    </message>
    <message>
        <source>pasted image</source>
        <translation>粘贴的图片</translation>
    </message>
</context>
<context>
    <name>Inspector</name>
    <message>
        <source>Inspector</source>
        <translation>检查器</translation>
    </message>
    <message>
        <source>Hide the inspector</source>
        <translation>隐藏检查器</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
</context>
<context>
    <name>LayerSpinBox</name>
    <message>
        <source>{n} layers + output</source>
        <translation>{n} 层 + 输出层</translation>
    </message>
    <message>
        <source>{n} layers</source>
        <translation>{n} 层</translation>
    </message>
</context>
<context>
    <name>LibraryModel</name>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Quant</source>
        <translation>量化</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Name in the file: {name}</source>
        <translation>文件内名称：{name}</translation>
    </message>
    <message>
        <source>HF cache: {repo}</source>
        <translation>HF 缓存：{repo}</translation>
    </message>
    <message>
        <source>{name} ({count} parts)</source>
        <translation>{name}（{count} 个分卷）</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>{arch} (vision projector)</source>
        <translation>{arch}（视觉投影器）</translation>
    </message>
</context>
<context>
    <name>LibraryPage</name>
    <message>
        <source>Filter by name, architecture, quant…</source>
        <translation>按名称、架构、量化筛选…</translation>
    </message>
    <message>
        <source>Filter the models</source>
        <translation>筛选模型</translation>
    </message>
    <message>
        <source>Models on this computer</source>
        <translation>本机上的模型</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>加载…</translation>
    </message>
    <message>
        <source>Rescan</source>
        <translation>重新扫描</translation>
    </message>
    <message>
        <source>Import a GGUF file…</source>
        <translation>导入 GGUF 文件…</translation>
    </message>
    <message>
        <source>Show in file manager</source>
        <translation>在文件管理器中显示</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <source>Watch a folder for GGUF models; Settings lists the folders watched.</source>
        <translation>监视文件夹中的 GGUF 模型；“设置”中列出所监视的文件夹。</translation>
    </message>
    <message>
        <source>Import a GGUF model</source>
        <translation>导入 GGUF 模型</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF 模型 (*.gguf)</translation>
    </message>
    <message>
        <source>Add a folder of GGUF models</source>
        <translation>添加 GGUF 模型文件夹</translation>
    </message>
    <message>
        <source>It is removed from the Hugging Face cache, for every app that uses it.</source>
        <translation>它将从 Hugging Face 缓存中移除，所有使用它的应用都会受影响。</translation>
    </message>
    <message>
        <source>The file is deleted from disk.</source>
        <translation>该文件将从磁盘删除。</translation>
    </message>
    <message>
        <source>Delete model</source>
        <translation>删除模型</translation>
    </message>
    <message>
        <source>Delete {name} ({size})?
{where}</source>
        <translation>删除 {name}（{size}）？
{where}</translation>
    </message>
    <message>
        <source>No GGUF models yet: download one in Discover, import a file or add a folder.</source>
        <translation>还没有 GGUF 模型：在“发现”中下载一个、导入文件或添加文件夹。</translation>
    </message>
    <message>
        <source>Imported {name}.</source>
        <translation>已导入 {name}。</translation>
    </message>
    <message>
        <source>Deleted {name}.</source>
        <translation>已删除 {name}。</translation>
    </message>
</context>
<context>
    <name>LiveMemoryLabel</name>
    <message>
        <source>Memory in use</source>
        <translation>已用内存</translation>
    </message>
    <message>
        <source>RAM {used}/{total}</source>
        <translation>内存 {used}/{total}</translation>
    </message>
    <message>
        <source>engine {rss}</source>
        <translation>引擎 {rss}</translation>
    </message>
</context>
<context>
    <name>LoadDialog</name>
    <message>
        <source>Load {model}</source>
        <translation>加载 {model}</translation>
    </message>
    <message>
        <source>System RAM</source>
        <translation>系统内存</translation>
    </message>
    <message>
        <source>Why the plan looks like this</source>
        <translation>为什么是这样的计划</translation>
    </message>
    <message>
        <source>Command that will run:</source>
        <translation>将要运行的命令：</translation>
    </message>
    <message>
        <source>Command that will run, API key redacted</source>
        <translation>将要运行的命令（已隐去 API 密钥）</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>加载</translation>
    </message>
    <message>
        <source>Close without loading</source>
        <translation>关闭而不加载</translation>
    </message>
    <message>
        <source>Benchmark…</source>
        <translation>基准测试…</translation>
    </message>
    <message>
        <source>Measure this plan and variants of it</source>
        <translation>测量此方案及其变体</translation>
    </message>
    <message>
        <source>{arch}, {params:.1f} B parameters, {layers} layers</source>
        <translation>{arch}，{params:.1f}B 参数，{layers} 层</translation>
    </message>
    <message>
        <source>trained context {ctx}</source>
        <translation>训练上下文 {ctx}</translation>
    </message>
    <message>
        <source>MoE: {used} of {experts} experts</source>
        <translation>MoE：{experts} 个专家中使用 {used} 个</translation>
    </message>
    <message>
        <source>Devices and layers</source>
        <translation>设备和层</translation>
    </message>
    <message>
        <source>No GPU: the model runs on the CPU.</source>
        <translation>无 GPU：模型在 CPU 上运行。</translation>
    </message>
    <message>
        <source>Layers whose experts stay on the CPU</source>
        <translation>专家保留在 CPU 上的层</translation>
    </message>
    <message>
        <source>MoE experts on CPU</source>
        <translation>CPU 上的 MoE 专家</translation>
    </message>
    <message>
        <source>Tensor parallel (split every layer)</source>
        <translation>张量并行（拆分每一层）</translation>
    </message>
    <message>
        <source>Tensor parallelism</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>Context length in tokens</source>
        <translation>以 token 计的上下文长度</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> 个 token</translation>
    </message>
    <message>
        <source>&amp;Auto fit</source>
        <translation>自动适配(&amp;A)</translation>
    </message>
    <message>
        <source>Choose the largest context and placement that fit</source>
        <translation>选择能容纳的最大上下文和分配方式</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>选项</translation>
    </message>
    <message>
        <source>K cache type</source>
        <translation>K 缓存类型</translation>
    </message>
    <message>
        <source>V cache type</source>
        <translation>V 缓存类型</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Flash attention</translation>
    </message>
    <message>
        <source>Parallel slots</source>
        <translation>并行槽位</translation>
    </message>
    <message>
        <source>Vision projector (mmproj)</source>
        <translation>视觉投影器（mmproj）</translation>
    </message>
    <message>
        <source>Load the vision projector</source>
        <translation>加载视觉投影器</translation>
    </message>
    <message>
        <source>Speculative decoding with the model&apos;s MTP layers</source>
        <translation>使用模型的 MTP 层进行推测解码</translation>
    </message>
    <message>
        <source>MTP speculative decoding</source>
        <translation>MTP 推测解码</translation>
    </message>
    <message>
        <source>Small model</source>
        <translation>小模型</translation>
    </message>
    <message>
        <source>MTP head</source>
        <translation>MTP 头</translation>
    </message>
    <message>
        <source>How the draft file drafts</source>
        <translation>草稿文件的起草方式</translation>
    </message>
    <message>
        <source>No draft model</source>
        <translation>无草稿模型</translation>
    </message>
    <message>
        <source>Draft model…</source>
        <translation>草稿模型…</translation>
    </message>
    <message>
        <source>Choose a small model for speculative decoding</source>
        <translation>选择用于推测解码的小模型</translation>
    </message>
    <message>
        <source>No draft</source>
        <translation>无草稿</translation>
    </message>
    <message>
        <source>Stop using the draft model</source>
        <translation>停止使用草稿模型</translation>
    </message>
    <message>
        <source>Draft model</source>
        <translation>草稿模型</translation>
    </message>
    <message>
        <source>Safety margins</source>
        <translation>安全余量</translation>
    </message>
    <message>
        <source>Memory each device keeps free for other programs and allocations no estimate sees. The bars&apos; dashed line is free memory less this margin.</source>
        <translation>每个设备为其他程序及估算无法覆盖的分配预留的内存。条形图中的虚线表示空闲内存减去此余量后的位置。</translation>
    </message>
    <message>
        <source>Safety margin of {device}</source>
        <translation>{device} 的安全余量</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source>{file} cannot be used: {reason}</source>
        <translation>无法使用 {file}：{reason}</translation>
    </message>
    <message>
        <source>Load anyway…</source>
        <translation>仍然加载…</translation>
    </message>
    <message>
        <source>Loading unloads {models} to make room.</source>
        <translation>加载时将卸载 {models} 以腾出空间。</translation>
    </message>
    <message>
        <source>Loads beside {models}; nothing is unloaded.</source>
        <translation>与 {models} 并列加载；不会卸载任何模型。</translation>
    </message>
    <message>
        <source>Even so, the models that stay leave too little room.</source>
        <translation>即便如此，保留的模型仍使剩余空间不足。</translation>
    </message>
    <message>
        <source>All {blocks} layers + output on the CPU</source>
        <translation>全部 {blocks} 层 + 输出层在 CPU 上</translation>
    </message>
    <message>
        <source>{layers} of {blocks} layers on the CPU</source>
        <translation>{blocks} 层中有 {layers} 层在 CPU 上</translation>
    </message>
    <message>
        <source>Every layer is split over the devices ({split}).</source>
        <translation>每一层都拆分到各设备上（{split}）。</translation>
    </message>
    <message>
        <source>Experts of {n} of {max} layers on the CPU ({moved} moved to RAM); each step moves {step}.</source>
        <translation>{max} 层中有 {n} 层的专家在 CPU 上（{moved} 移至内存）；每步移动 {step}。</translation>
    </message>
    <message>
        <source>Every layer is split over all enabled devices.</source>
        <translation>每一层都拆分到所有已启用的设备上。</translation>
    </message>
    <message>
        <source> (automatic)</source>
        <translation>（自动）</translation>
    </message>
    <message>
        <source>No context fits with this placement.</source>
        <translation>按此分配方式，任何上下文都放不下。</translation>
    </message>
    <message>
        <source>Largest that fits: {largest}</source>
        <translation>可容纳的最大值：{largest}</translation>
    </message>
    <message>
        <source>{ctx} tokens{automatic}; trained {trained}. {marker}</source>
        <translation>{ctx} 个 token{automatic}；训练上下文 {trained}。{marker}</translation>
    </message>
    <message>
        <source>{file}: {size}</source>
        <translation>{file}：{size}</translation>
    </message>
    <message>
        <source>{file} ({size}), drafting {n} tokens</source>
        <translation>{file}（{size}），每次起草 {n} 个 token</translation>
    </message>
    <message>
        <source>The model&apos;s own MTP layers draft tokens; their KV is reserved.</source>
        <translation>由模型自带的 MTP 层起草 token；其 KV 已预留。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Fits.&lt;/b&gt;</source>
        <translation>&lt;b&gt;可以容纳。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Fits once the models named above are unloaded.&lt;/b&gt;</source>
        <translation>&lt;b&gt;卸载上述模型后即可放下。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Does not fit.</source>
        <translation>放不下。</translation>
    </message>
</context>
<context>
    <name>LoadFlow</name>
    <message>
        <source>Open a GGUF model</source>
        <translation>打开 GGUF 模型</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF 模型 (*.gguf)</translation>
    </message>
    <message>
        <source>Cannot load the model</source>
        <translation>无法加载模型</translation>
    </message>
</context>
<context>
    <name>LoadedMemoryPanel</name>
    <message>
        <source>Memory of the loaded model</source>
        <translation>已加载模型的内存</translation>
    </message>
    <message>
        <source>No model loaded.</source>
        <translation>未加载模型。</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) loaded: predicted (bar) and allocated (strip) per device</source>
        <translation>
            <numerusform>已加载 %n 个模型：各设备的预测值（条形）与已分配量（细条）</numerusform>
        </translation>
    </message>
    <message>
        <source>Predicted; waiting for the engine to report.</source>
        <translation>预测值；正在等待引擎报告。</translation>
    </message>
    <message>
        <source>The load failed: the prediction is shown, the engine allocated nothing.</source>
        <translation>加载失败：显示的是预测值，引擎未分配任何内存。</translation>
    </message>
    <message>
        <source>The engine allocated {ratio:.0%} of the predicted buffers.</source>
        <translation>引擎分配了预测缓冲区的 {ratio:.0%}。</translation>
    </message>
    <message>
        <source>The engine&apos;s log reports no buffer sizes (it needs -lv 4).</source>
        <translation>引擎日志中没有缓冲区大小（需要 -lv 4）。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>GGUF Studio</source>
        <translation>GGUF Studio</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>模型(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>聊天</translation>
    </message>
    <message>
        <source>Load a model to start a conversation.</source>
        <translation>加载模型即可开始对话。</translation>
    </message>
    <message>
        <source>Discover</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Search Hugging Face for GGUF models and see whether they fit.</source>
        <translation>在 Hugging Face 上搜索 GGUF 模型，并查看能否放得下。</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>模型库</translation>
    </message>
    <message>
        <source>The GGUF models on this computer.</source>
        <translation>本机上的 GGUF 模型。</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>The llama-server engine, its state and log.</source>
        <translation>llama-server 引擎及其状态和日志。</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Engine, model folders and appearance.</source>
        <translation>引擎、模型文件夹和外观。</translation>
    </message>
    <message>
        <source>Engine: probing…</source>
        <translation>引擎：正在检测…</translation>
    </message>
</context>
<context>
    <name>McpServerEditor</name>
    <message>
        <source>Add an MCP server</source>
        <translation>添加 MCP 服务器</translation>
    </message>
    <message>
        <source>Edit the MCP server</source>
        <translation>编辑 MCP 服务器</translation>
    </message>
    <message>
        <source>Server name</source>
        <translation>服务器名称</translation>
    </message>
    <message>
        <source>files</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>A program on this computer (stdio)</source>
        <translation>这台计算机上的程序（stdio）</translation>
    </message>
    <message>
        <source>A web address (streamable HTTP)</source>
        <translation>网址（可流式 HTTP）</translation>
    </message>
    <message>
        <source>Runs as</source>
        <translation>运行方式</translation>
    </message>
    <message>
        <source>What is wrong with the server</source>
        <translation>服务器出了什么问题</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>One argument per line, e.g.
-y
@modelcontextprotocol/server-filesystem</source>
        <translation>每行一个参数，例如
-y
@modelcontextprotocol/server-filesystem</translation>
    </message>
    <message>
        <source>Arguments, one per line</source>
        <translation>参数，每行一个</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>KEY=VALUE, one per line</source>
        <translation>KEY=VALUE，每行一个</translation>
    </message>
    <message>
        <source>Environment variables, KEY=VALUE, one per line</source>
        <translation>环境变量，KEY=VALUE，每行一个</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>服务器 URL</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Name: value, one per line, e.g.
Authorization: Bearer …</source>
        <translation>名称: 值，每行一个，例如
Authorization: Bearer …</translation>
    </message>
    <message>
        <source>Headers, Name: value, one per line</source>
        <translation>请求头，名称: 值，每行一个</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>请求头</translation>
    </message>
</context>
<context>
    <name>McpServersSection</name>
    <message>
        <source>Tool servers (MCP)</source>
        <translation>工具服务器（MCP）</translation>
    </message>
    <message>
        <source>Programs and web services whose tools models may call, through the Model Context Protocol. Only enabled servers run; each call is yours to allow.</source>
        <translation>模型可通过 Model Context Protocol 调用其工具的程序和网络服务。只有已启用的服务器才会运行；每次调用都由您决定是否允许。</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP 服务器</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>运行内容</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>MCP server columns</source>
        <translation>MCP 服务器列</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>添加…</translation>
    </message>
    <message>
        <source>Add an MCP server</source>
        <translation>添加 MCP 服务器</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>编辑…</translation>
    </message>
    <message>
        <source>Edit the selected MCP server</source>
        <translation>编辑所选 MCP 服务器</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Remove the selected MCP server</source>
        <translation>移除所选 MCP 服务器</translation>
    </message>
    <message>
        <source>Import mcp.json…</source>
        <translation>导入 mcp.json…</translation>
    </message>
    <message>
        <source>Import the MCP servers of an mcp.json file (Claude Desktop, Cursor, LM Studio)</source>
        <translation>导入 mcp.json 文件中的 MCP 服务器（Claude Desktop、Cursor、LM Studio）</translation>
    </message>
    <message>
        <source>What the last change of the MCP servers did</source>
        <translation>上次更改 MCP 服务器的结果</translation>
    </message>
    <message>
        <source>When checked, {name} runs and models may use its tools.</source>
        <translation>勾选后，{name} 将运行，模型可以使用其工具。</translation>
    </message>
    <message>
        <source>No MCP servers yet: add one, or import the mcp.json of Claude Desktop, Cursor or LM Studio.</source>
        <translation>还没有 MCP 服务器：请添加一个，或导入 Claude Desktop、Cursor 或 LM Studio 的 mcp.json。</translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform> 以及另外 %n 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ready: %n tool(s)</source>
        <translation>
            <numerusform>就绪：%n 个工具</numerusform>
        </translation>
    </message>
    <message>
        <source>The server offers no tools.</source>
        <translation>该服务器未提供任何工具。</translation>
    </message>
    <message>
        <source>Failed: {reason}</source>
        <translation>失败：{reason}</translation>
    </message>
    <message>
        <source>Starting again after a crash…</source>
        <translation>崩溃后正在重启…</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在开始…</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Disabled: this server does not run.</source>
        <translation>已停用：此服务器不会运行。</translation>
    </message>
    <message>
        <source>Not started yet</source>
        <translation>尚未启动</translation>
    </message>
    <message>
        <source>It starts with the app.</source>
        <translation>随应用一起启动。</translation>
    </message>
    <message>
        <source>Remove MCP server</source>
        <translation>移除 MCP 服务器</translation>
    </message>
    <message>
        <source>Remove the MCP server {name}? Its tools will no longer be offered.</source>
        <translation>移除 MCP 服务器 {name}？其工具将不再提供。</translation>
    </message>
    <message>
        <source>Importing {path}…</source>
        <translation>正在导入 {path}…</translation>
    </message>
    <message>
        <source>Import MCP servers</source>
        <translation>导入 MCP 服务器</translation>
    </message>
    <message>
        <source>MCP server lists (*.json);;All files (*)</source>
        <translation>MCP 服务器列表 (*.json);;所有文件 (*)</translation>
    </message>
    <message numerus="yes">
        <source>Added %n server(s): {names}.</source>
        <translation>
            <numerusform>已添加 %n 个服务器：{names}。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replaced %n server(s) of the same name: {names}.</source>
        <translation>
            <numerusform>已替换 %n 个同名服务器：{names}。</numerusform>
        </translation>
    </message>
    <message>
        <source>The file names no MCP servers.</source>
        <translation>该文件未指定任何 MCP 服务器。</translation>
    </message>
</context>
<context>
    <name>MemoryPanel</name>
    <message>
        <source>Memory per device</source>
        <translation>各设备内存</translation>
    </message>
    <message>
        <source>Used by others</source>
        <translation>被其他程序占用</translation>
    </message>
    <message>
        <source>Models loaded</source>
        <translation>已加载的模型</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV 缓存</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>开销</translation>
    </message>
    <message>
        <source>Prompt cache</source>
        <translation>提示缓存</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>预算</translation>
    </message>
    <message>
        <source>In use now</source>
        <translation>当前占用</translation>
    </message>
</context>
<context>
    <name>ModelList</name>
    <message>
        <source>Search the library</source>
        <translation>搜索模型库</translation>
    </message>
    <message>
        <source>Models in the library</source>
        <translation>模型库中的模型</translation>
    </message>
    <message>
        <source>Loaded</source>
        <translation>已加载</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>Unloading…</source>
        <translation>正在卸载…</translation>
    </message>
    <message>
        <source>Checking the fit…</source>
        <translation>正在检查是否放得下…</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>Choose a model</source>
        <translation>选择模型</translation>
    </message>
    <message>
        <source>Choose a model from the library</source>
        <translation>从模型库中选择模型</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>加载…</translation>
    </message>
    <message>
        <source>Load the model</source>
        <translation>加载模型</translation>
    </message>
    <message>
        <source>Eject</source>
        <translation>弹出</translation>
    </message>
    <message>
        <source>Eject the model</source>
        <translation>弹出模型</translation>
    </message>
    <message>
        <source>Loading progress</source>
        <translation>加载进度</translation>
    </message>
    <message>
        <source>Change load settings…</source>
        <translation>更改加载设置…</translation>
    </message>
    <message>
        <source>Choose a model…</source>
        <translation>选择模型…</translation>
    </message>
    <message numerus="yes">
        <source>%n other model(s) loaded</source>
        <translation>
            <numerusform>另有 %n 个模型已加载</numerusform>
        </translation>
    </message>
    <message>
        <source>{running} stays loaded; Load… loads this model beside it.</source>
        <translation>{running} 保持加载；“加载…”会将此模型与其并列加载。</translation>
    </message>
    <message>
        <source>Ready · {context} context</source>
        <translation>就绪 · {context} 上下文</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Loading: reading the weights…</source>
        <translation>加载中：正在读取权重…</translation>
    </message>
    <message>
        <source>Loading: creating the context…</source>
        <translation>加载中：正在创建上下文…</translation>
    </message>
    <message>
        <source>Loading: warming up…</source>
        <translation>加载中：正在预热…</translation>
    </message>
    <message>
        <source>Loading: almost ready…</source>
        <translation>加载中：即将完成…</translation>
    </message>
    <message>
        <source>Loading: starting the engine…</source>
        <translation>加载中：正在启动引擎…</translation>
    </message>
    <message>
        <source>The engine stopped unexpectedly; restarting it…</source>
        <translation>引擎意外停止；正在重启…</translation>
    </message>
    <message>
        <source>Ejecting…</source>
        <translation>正在弹出…</translation>
    </message>
    <message>
        <source>Could not load: {reason}</source>
        <translation>无法加载：{reason}</translation>
    </message>
    <message>
        <source>Not loaded: sending loads it, Load… opens its settings.</source>
        <translation>未加载：发送时会加载它，“加载…”会打开其设置。</translation>
    </message>
    <message>
        <source>Not loaded. Load opens its settings.</source>
        <translation>未加载。“加载”会打开其设置。</translation>
    </message>
    <message>
        <source>No model loaded.</source>
        <translation>未加载模型。</translation>
    </message>
    <message>
        <source>No model loaded. Choose one from the library.</source>
        <translation>未加载模型。请从模型库中选择一个。</translation>
    </message>
</context>
<context>
    <name>PassageDialog</name>
    <message>
        <source>Cited passage</source>
        <translation>引用的片段</translation>
    </message>
</context>
<context>
    <name>PendingImagesBar</name>
    <message>
        <source>{name}
{width} x {height} px</source>
        <translation>{name}
{width} x {height} px</translation>
    </message>
    <message>
        <source>Remove {name}</source>
        <translation>移除 {name}</translation>
    </message>
    <message>
        <source>Remove this image</source>
        <translation>移除此图片</translation>
    </message>
</context>
<context>
    <name>PresetBar</name>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Apply a preset&apos;s system prompt and sampling</source>
        <translation>应用预设的系统提示词和采样设置</translation>
    </message>
    <message>
        <source>No preset</source>
        <translation>无预设</translation>
    </message>
    <message>
        <source>Preset actions</source>
        <translation>预设操作</translation>
    </message>
    <message>
        <source>Save, rename, delete, import or export presets</source>
        <translation>保存、重命名、删除、导入或导出预设</translation>
    </message>
    <message>
        <source>Save this chat&apos;s system prompt and sampling as a preset to reuse them.</source>
        <translation>将此聊天的系统提示词和采样设置保存为预设，以便重复使用。</translation>
    </message>
    <message>
        <source>Changed since “{name}” was applied.</source>
        <translation>自应用“{name}”后已更改。</translation>
    </message>
    <message>
        <source>New chats with {model} start from “{name}”.</source>
        <translation>使用 {model} 的新聊天将从“{name}”开始。</translation>
    </message>
    <message>
        <source>Imported as “{name}”: a preset named “{clashed}” already existed.</source>
        <translation>已导入为“{name}”：已存在名为“{clashed}”的预设。</translation>
    </message>
    <message>
        <source>Imported “{name}”.</source>
        <translation>已导入“{name}”。</translation>
    </message>
    <message>
        <source>Exported to {path}.</source>
        <translation>已导出到 {path}。</translation>
    </message>
    <message>
        <source>Save as a new preset…</source>
        <translation>另存为新预设…</translation>
    </message>
    <message>
        <source>Save changes to “{name}”</source>
        <translation>将更改保存到“{name}”</translation>
    </message>
    <message>
        <source>Save changes to the preset</source>
        <translation>将更改保存到预设</translation>
    </message>
    <message>
        <source>Rename “{name}”…</source>
        <translation>重命名“{name}”…</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <source>Delete “{name}”…</source>
        <translation>删除“{name}”…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>删除…</translation>
    </message>
    <message>
        <source>Load a model to give it a default preset</source>
        <translation>加载模型后即可为其设置默认预设</translation>
    </message>
    <message>
        <source>Default for {model}</source>
        <translation>{model} 的默认预设</translation>
    </message>
    <message>
        <source>New chats with this model start from this preset</source>
        <translation>使用此模型的新聊天将从此预设开始</translation>
    </message>
    <message>
        <source>Clear the default for {model} (“{name}”)</source>
        <translation>清除 {model} 的默认预设（“{name}”）</translation>
    </message>
    <message>
        <source>Import a preset…</source>
        <translation>导入预设…</translation>
    </message>
    <message>
        <source>Export “{name}”…</source>
        <translation>导出“{name}”…</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>My preset</source>
        <translation>我的预设</translation>
    </message>
    <message>
        <source>Save as a new preset</source>
        <translation>另存为新预设</translation>
    </message>
    <message>
        <source>Rename preset</source>
        <translation>重命名预设</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Delete preset</source>
        <translation>删除预设</translation>
    </message>
    <message>
        <source>Delete the preset “{name}”? Conversations keep their settings.</source>
        <translation>删除预设“{name}”？对话会保留各自的设置。</translation>
    </message>
    <message>
        <source>Import a preset</source>
        <translation>导入预设</translation>
    </message>
    <message>
        <source>Presets (*.json);;All files (*)</source>
        <translation>预设 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Export preset</source>
        <translation>导出预设</translation>
    </message>
    <message>
        <source>Presets (*.json)</source>
        <translation>预设 (*.json)</translation>
    </message>
</context>
<context>
    <name>RepoFilesModel</name>
    <message>
        <source>Quant</source>
        <translation>量化</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>适配</translation>
    </message>
    <message>
        <source>{name} ({count} parts)</source>
        <translation>{name}（{count} 个分卷）</translation>
    </message>
    <message>
        <source> — incomplete upload</source>
        <translation> — 上传不完整</translation>
    </message>
    <message>
        <source> — downloaded</source>
        <translation> — 已下载</translation>
    </message>
    <message>
        <source>{name} (vision projector)</source>
        <translation>{name}（视觉投影器）</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>正在检查…</translation>
    </message>
</context>
<context>
    <name>ResidentBars</name>
    <message>
        <source>Loaded models per device</source>
        <translation>各设备上已加载的模型</translation>
    </message>
</context>
<context>
    <name>ResidentsLabel</name>
    <message>
        <source>Loaded models</source>
        <translation>已加载的模型</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) loaded</source>
        <translation>
            <numerusform>已加载 %n 个模型</numerusform>
        </translation>
    </message>
    <message>
        <source>{device} {allocated}/{predicted}</source>
        <translation>{device} {allocated}/{predicted}</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Allocated</source>
        <translation>已分配</translation>
    </message>
    <message>
        <source>Unload {model}</source>
        <translation>卸载 {model}</translation>
    </message>
    <message>
        <source>Unload all</source>
        <translation>全部卸载</translation>
    </message>
</context>
<context>
    <name>SamplingPanel</name>
    <message>
        <source>System prompt</source>
        <translation>系统提示词</translation>
    </message>
    <message>
        <source>The template&apos;s default system prompt</source>
        <translation>模板默认的系统提示词</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>温度</translation>
    </message>
    <message>
        <source>Top-p</source>
        <translation>Top-p</translation>
    </message>
    <message>
        <source>Min-p</source>
        <translation>Min-p</translation>
    </message>
    <message>
        <source>Top-k</source>
        <translation>Top-k</translation>
    </message>
    <message>
        <source>Maximum tokens</source>
        <translation>最大 token 数</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>思考</translation>
    </message>
    <message>
        <source>Template default</source>
        <translation>模板默认</translation>
    </message>
    <message>
        <source>On</source>
        <translation>开</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>采样</translation>
    </message>
    <message>
        <source>Load a model to see whether it can think.</source>
        <translation>加载模型以查看它是否支持思考。</translation>
    </message>
    <message>
        <source>This model&apos;s chat template has no thinking switch.</source>
        <translation>此模型的聊天模板没有思考开关。</translation>
    </message>
</context>
<context>
    <name>SearchResultsModel</name>
    <message>
        <source>Repository</source>
        <translation>仓库</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Downloads</source>
        <translation>下载</translation>
    </message>
    <message>
        <source>Likes</source>
        <translation>点赞</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>更新时间</translation>
    </message>
    <message>
        <source> (gated)</source>
        <translation>（受限访问）</translation>
    </message>
</context>
<context>
    <name>Sentences</name>
    <message>
        <source>The llama-server engine was not found ({path}).</source>
        <translation>找不到 llama-server 引擎（{path}）。</translation>
    </message>
    <message>
        <source>The llama-server engine cannot be run ({path}): {reason}</source>
        <translation>无法运行 llama-server 引擎（{path}）：{reason}</translation>
    </message>
    <message>
        <source>The llama-server engine at {path} does not work: it exited with code {exit_code}.</source>
        <translation>位于 {path} 的 llama-server 引擎无法工作：它以代码 {exit_code} 退出。</translation>
    </message>
    <message>
        <source>The llama-server engine at {path} did not answer in time.</source>
        <translation>位于 {path} 的 llama-server 引擎未及时响应。</translation>
    </message>
    <message>
        <source>Checking the engine was cancelled.</source>
        <translation>引擎检测已取消。</translation>
    </message>
    <message>
        <source>This engine was built for instructions this CPU lacks. Build one for this computer in Settings &gt; Engine, or choose another engine there.</source>
        <translation>此引擎是为本 CPU 不支持的指令构建的。请在“设置 &gt; 引擎”中为这台计算机构建一个，或在那里选择其他引擎。</translation>
    </message>
    <message>
        <source>The engine is not ready yet; see the Server page.</source>
        <translation>引擎尚未就绪；请查看“服务器”页面。</translation>
    </message>
    <message>
        <source>The engine failed its self-test on a tiny model ({status}).</source>
        <translation>引擎在微型模型上的自检失败（{status}）。</translation>
    </message>
    <message>
        <source>No C/C++ compiler was found. Install one (on Debian or Ubuntu: sudo apt install build-essential) and try again.</source>
        <translation>未找到 C/C++ 编译器。请安装一个（Debian 或 Ubuntu 上：sudo apt install build-essential）后重试。</translation>
    </message>
    <message>
        <source>{tool} is missing and could not be installed from the package index.</source>
        <translation>缺少 {tool}，且无法从软件包索引安装。</translation>
    </message>
    <message>
        <source>The llama.cpp source could not be downloaded; check the network.</source>
        <translation>无法下载 llama.cpp 源代码；请检查网络。</translation>
    </message>
    <message>
        <source>The llama.cpp source was damaged even when downloaded again ({reason}); try again later.</source>
        <translation>llama.cpp 源代码即使重新下载后仍已损坏（{reason}）；请稍后再试。</translation>
    </message>
    <message>
        <source>The engine build failed; see the build log.</source>
        <translation>引擎构建失败；请查看构建日志。</translation>
    </message>
    <message>
        <source>The engine build was cancelled.</source>
        <translation>引擎构建已取消。</translation>
    </message>
    <message>
        <source>The new engine was built but failed its self-test ({status}).</source>
        <translation>新引擎已构建，但未通过自检（{status}）。</translation>
    </message>
    <message>
        <source>The llama-server binary was not found.</source>
        <translation>找不到 llama-server 可执行文件。</translation>
    </message>
    <message>
        <source>The llama-server binary cannot be executed.</source>
        <translation>无法执行 llama-server 可执行文件。</translation>
    </message>
    <message>
        <source>The engine refused an argument; see the log.</source>
        <translation>引擎拒绝了一个参数；请查看日志。</translation>
    </message>
    <message>
        <source>The port was already in use.</source>
        <translation>端口已被占用。</translation>
    </message>
    <message>
        <source>The model file does not exist: {path}.</source>
        <translation>模型文件不存在：{path}。</translation>
    </message>
    <message>
        <source>{path} is not a valid GGUF model (truncated, damaged or not a GGUF file).</source>
        <translation>{path} 不是有效的 GGUF 模型（文件不完整、已损坏或不是 GGUF 文件）。</translation>
    </message>
    <message>
        <source>This engine does not know the model&apos;s architecture; a newer llama-server is needed.</source>
        <translation>此引擎不认识该模型的架构；需要更新版本的 llama-server。</translation>
    </message>
    <message>
        <source>A quantized V cache needs flash attention on.</source>
        <translation>量化的 V 缓存需要开启 flash attention。</translation>
    </message>
    <message>
        <source>The vision projector failed to load.</source>
        <translation>视觉投影器加载失败。</translation>
    </message>
    <message>
        <source>Out of memory while loading the weights.</source>
        <translation>加载权重时内存不足。</translation>
    </message>
    <message>
        <source>Out of memory for the KV cache: lower the context.</source>
        <translation>KV 缓存内存不足：请减小上下文。</translation>
    </message>
    <message>
        <source>Out of memory for the compute buffers.</source>
        <translation>计算缓冲区内存不足。</translation>
    </message>
    <message>
        <source>The engine was killed, most likely by the system for lack of memory.</source>
        <translation>引擎被终止，很可能是系统因内存不足所为。</translation>
    </message>
    <message>
        <source>The engine crashed ({signal}).</source>
        <translation>引擎崩溃了（{signal}）。</translation>
    </message>
    <message>
        <source>The engine did not become ready in time.</source>
        <translation>引擎未能及时就绪。</translation>
    </message>
    <message>
        <source>The engine crashed repeatedly; it is not restarted again.</source>
        <translation>引擎反复崩溃；将不再重启。</translation>
    </message>
    <message>
        <source>The engine stopped answering; it was replaced.</source>
        <translation>引擎停止响应；已将其替换。</translation>
    </message>
    <message>
        <source>Out of memory even after {steps} smaller settings (the last with a context of {ctx}); nothing smaller is left to try. Free memory or choose a smaller model.</source>
        <translation>即使尝试了 {steps} 种更小的设置（最后一次上下文为 {ctx}），内存仍然不足；已没有更小的设置可试。请释放内存或选择更小的模型。</translation>
    </message>
    <message>
        <source>The engine exited (code {exit_code}).</source>
        <translation>引擎已退出（代码 {exit_code}）。</translation>
    </message>
    <message>
        <source>{model} does not fit: it needs {needed} of {device} memory plus {reserve} kept free, and {available} is free.</source>
        <translation>{model} 放不下：需要 {device} 内存 {needed}，另需保留 {reserve} 空闲，而当前空闲 {available}。</translation>
    </message>
    <message>
        <source>{model} cannot be loaded with these settings; see the load dialog.</source>
        <translation>无法用这些设置加载 {model}；请查看加载对话框。</translation>
    </message>
    <message>
        <source>A newer request replaced this one.</source>
        <translation>此请求已被更新的请求取代。</translation>
    </message>
    <message>
        <source>The app is closing; the engine no longer takes requests.</source>
        <translation>应用正在关闭；引擎不再接受请求。</translation>
    </message>
    <message>
        <source>No model is loaded.</source>
        <translation>未加载任何模型。</translation>
    </message>
    <message>
        <source>The answer was interrupted: the connection to the engine was lost.</source>
        <translation>回答已中断：与引擎的连接已断开。</translation>
    </message>
    <message>
        <source>The engine crashed while answering this request ({cause}), so the request was not retried.</source>
        <translation>引擎在响应此请求时崩溃（{cause}），因此未重试该请求。</translation>
    </message>
    <message>
        <source>Another model was loaded before {model} could answer; send the request again.</source>
        <translation>在 {model} 能够回答之前加载了另一个模型；请重新发送请求。</translation>
    </message>
    <message>
        <source>Too many engine arguments ({count}); the engine was not started.</source>
        <translation>引擎参数过多（{count}）；引擎未启动。</translation>
    </message>
    <message>
        <source>The engine argument {flag} is managed by the app and cannot be set by hand.</source>
        <translation>引擎参数 {flag} 由应用管理，不能手动设置。</translation>
    </message>
    <message>
        <source>There is no model &apos;{model}&apos; in the library.</source>
        <translation>模型库中没有名为“{model}”的模型。</translation>
    </message>
    <message>
        <source>No studio serve answers at {url}; start one with studio serve.</source>
        <translation>{url} 上没有 studio serve 响应；请用 studio serve 启动一个。</translation>
    </message>
    <message>
        <source>The server refused the API key; give it with --api-key or --api-key-file.</source>
        <translation>服务器拒绝了 API 密钥；请用 --api-key 或 --api-key-file 提供。</translation>
    </message>
    <message>
        <source>The server at {url} did not answer as studio serve does.</source>
        <translation>{url} 上的服务器没有像 studio serve 那样应答。</translation>
    </message>
    <message>
        <source>{model} cannot be loaded: the pinned models {pinned} keep their room.</source>
        <translation>无法加载 {model}：已固定的模型 {pinned} 保留着它们的空间。</translation>
    </message>
    <message>
        <source>{waiting} requests already wait for room to load a model; try again when one has finished.</source>
        <translation>已有 {waiting} 个请求在等待加载模型的空间；请在其中一个完成后重试。</translation>
    </message>
    <message>
        <source>This conversation&apos;s model {model} is no longer in the library; choose another model in the picker to go on.</source>
        <translation>此对话的模型 {model} 已不在模型库中；请在模型选择器中选择其他模型以继续。</translation>
    </message>
    <message>
        <source>{source} is not a GGUF file.</source>
        <translation>{source} 不是 GGUF 文件。</translation>
    </message>
    <message>
        <source>{source} uses GGUF version {version}, which is not supported.</source>
        <translation>{source} 使用的 GGUF 版本 {version} 不受支持。</translation>
    </message>
    <message>
        <source>{source} is incomplete: it ends after {available} of at least {needed}.</source>
        <translation>{source} 不完整：在 {available} 处结束，而至少需要 {needed}。</translation>
    </message>
    <message>
        <source>{source} is damaged: {reason}.</source>
        <translation>{source} 已损坏：{reason}。</translation>
    </message>
    <message>
        <source>The header of {source} is larger than {limit}; it was not read.</source>
        <translation>{source} 的文件头大于 {limit}；未读取。</translation>
    </message>
    <message>
        <source>A part of the split model is missing: {shard}.</source>
        <translation>分卷模型缺少一部分：{shard}。</translation>
    </message>
    <message>
        <source>The server of {url} cannot send parts of a file (HTTP {status}).</source>
        <translation>{url} 的服务器无法发送文件的部分内容（HTTP {status}）。</translation>
    </message>
    <message>
        <source>{url} could not be read: {reason}.</source>
        <translation>无法读取 {url}：{reason}。</translation>
    </message>
    <message>
        <source>{source} is damaged or hostile: it declares {key} = {value}, which no model has.</source>
        <translation>{source} 已损坏或含恶意内容：它声明 {key} = {value}，没有任何模型是这样的。</translation>
    </message>
    <message>
        <source>{path} is not an ordinary file (it is a pipe, a device or a folder); only ordinary files are opened as models.</source>
        <translation>{path} 不是普通文件（而是管道、设备或文件夹）；只有普通文件才能作为模型打开。</translation>
    </message>
    <message>
        <source>{path} cannot be read: {reason}.</source>
        <translation>无法读取 {path}：{reason}。</translation>
    </message>
    <message>
        <source>Unknown KV cache type: {type}.</source>
        <translation>未知的 KV 缓存类型：{type}。</translation>
    </message>
    <message>
        <source>This model needs the same type for the K and V caches.</source>
        <translation>此模型要求 K 缓存和 V 缓存使用相同类型。</translation>
    </message>
    <message>
        <source>The batch sizes are not valid.</source>
        <translation>批大小无效。</translation>
    </message>
    <message>
        <source>System RAM cannot be listed as a GPU device.</source>
        <translation>系统内存不能作为 GPU 设备列出。</translation>
    </message>
    <message>
        <source>Tensor parallelism needs flash attention and an unquantized KV cache.</source>
        <translation>张量并行需要 flash attention 和未量化的 KV 缓存。</translation>
    </message>
    <message>
        <source>The model file does not name its architecture.</source>
        <translation>模型文件未注明其架构。</translation>
    </message>
    <message>
        <source>How this model fits could not be worked out; the log says why.</source>
        <translation>无法判断此模型能否放下；原因见日志。</translation>
    </message>
    <message>
        <source>The model file does not say how many layers it has.</source>
        <translation>模型文件未注明层数。</translation>
    </message>
    <message>
        <source>No repacked copies of weights are counted: repacking is off (--no-repack).</source>
        <translation>未计入权重的重新打包副本：重新打包已关闭（--no-repack）。</translation>
    </message>
    <message>
        <source>No repacked copies of weights are counted: no engine has told this CPU&apos;s features.</source>
        <translation>未计入权重的重新打包副本：没有引擎报告此 CPU 的特性。</translation>
    </message>
    <message>
        <source>No repacked copies of weights are counted: this engine&apos;s CPU backend does not repack.</source>
        <translation>未计入权重的重新打包副本：此引擎的 CPU 后端不进行重新打包。</translation>
    </message>
    <message>
        <source>No repacked copies of weights are counted: the host&apos;s weights stay in a GPU&apos;s pinned buffer.</source>
        <translation>未计入权重的重新打包副本：系统内存中的权重保留在 GPU 的固定缓冲区中。</translation>
    </message>
    <message>
        <source>A remote RPC device did not answer ({endpoints}).</source>
        <translation>远程 RPC 设备没有响应（{endpoints}）。</translation>
    </message>
    <message>
        <source>“{endpoint}” is not host:port (for example 192.168.1.20:50052).</source>
        <translation>“{endpoint}”不是 host:port 格式（例如 192.168.1.20:50052）。</translation>
    </message>
    <message>
        <source>STUDIO_FAKE_DEVICES has an entry that cannot be read: {entry}</source>
        <translation>STUDIO_FAKE_DEVICES 中有无法读取的条目：{entry}</translation>
    </message>
    <message>
        <source>Cannot reach the Hugging Face Hub. Check the network connection, and the proxy and endpoint in Settings.</source>
        <translation>无法连接 Hugging Face Hub。请检查网络连接，以及设置中的代理和端点。</translation>
    </message>
    <message>
        <source>Not found on the Hub: {target}.</source>
        <translation>在 Hub 上未找到：{target}。</translation>
    </message>
    <message>
        <source>“{target}” is not a Hugging Face repository: write it as owner/name, with letters, digits, -, _ and . only.</source>
        <translation>“{target}”不是 Hugging Face 仓库：请写成 所有者/名称，只用字母、数字、-、_ 和 .。</translation>
    </message>
    <message>
        <source>This repository is gated or private. Add a Hugging Face token in Settings and accept the model&apos;s terms on its Hub page.</source>
        <translation>此仓库为受限访问或私有。请在设置中添加 Hugging Face 令牌，并在模型的 Hub 页面上接受其条款。</translation>
    </message>
    <message>
        <source>The Hub answered with an error (HTTP {status}).</source>
        <translation>Hub 返回了错误（HTTP {status}）。</translation>
    </message>
    <message>
        <source>The token was not saved: {reason}</source>
        <translation>令牌未保存：{reason}</translation>
    </message>
    <message>
        <source>Not enough disk space: {needed} needed plus {reserve} kept free, {free} free in {path}.</source>
        <translation>磁盘空间不足：需要 {needed}，另需保留 {reserve} 空闲，{path} 中仅有 {free} 可用。</translation>
    </message>
    <message>
        <source>{file} did not match the Hub&apos;s checksum, even when downloaded again. The damaged copy was deleted.</source>
        <translation>{file} 即使重新下载也与 Hub 的校验和不符。已删除损坏的副本。</translation>
    </message>
    <message>
        <source>{file} kept failing ({reason}). Resume to try again.</source>
        <translation>{file} 反复失败（{reason}）。点击继续以重试。</translation>
    </message>
    <message>
        <source>Refused a file name that would write outside the target folder: {name}</source>
        <translation>已拒绝会写到目标文件夹之外的文件名：{name}</translation>
    </message>
    <message>
        <source>Cannot write to {path}.</source>
        <translation>无法写入 {path}。</translation>
    </message>
    <message>
        <source>The download failed unexpectedly; see the log.</source>
        <translation>下载意外失败；请查看日志。</translation>
    </message>
    <message>
        <source>This is not a usable GGUF model file ({reason}).</source>
        <translation>这不是可用的 GGUF 模型文件（{reason}）。</translation>
    </message>
    <message>
        <source>This is a vision projector (mmproj), not a model: load it together with its model.</source>
        <translation>这是视觉投影器（mmproj），不是模型：请与其对应的模型一起加载。</translation>
    </message>
    <message>
        <source>The file cannot be read: {path}</source>
        <translation>无法读取文件：{path}</translation>
    </message>
    <message>
        <source>The folder {path} cannot be read ({reason}); its models are not listed.</source>
        <translation>无法读取文件夹 {path}（{reason}）；其中的模型未列出。</translation>
    </message>
    <message>
        <source>The folder {path} is nested more than {depth} folders deep; what lies in it is not listed.</source>
        <translation>文件夹 {path} 的嵌套深度超过 {depth} 层；其中的内容未列出。</translation>
    </message>
    <message>
        <source>The folder {path} holds more than {folders} folders; the models in the rest are not listed.</source>
        <translation>文件夹 {path} 包含超过 {folders} 个文件夹；其余部分中的模型未列出。</translation>
    </message>
    <message>
        <source>Your settings could not be read, so the defaults apply. The unreadable file was kept as {moved_to}.</source>
        <translation>无法读取您的设置，因此使用默认值。无法读取的文件已保留为 {moved_to}。</translation>
    </message>
    <message>
        <source>Your settings could not be read ({path}), so the defaults apply for now.</source>
        <translation>无法读取您的设置（{path}），暂时使用默认值。</translation>
    </message>
    <message>
        <source>The conversations were saved by a newer version of GGUF Studio (format {version}; this version reads up to {supported}).</source>
        <translation>这些对话由更新版本的 GGUF Studio 保存（格式 {version}；此版本最高只能读取 {supported}）。</translation>
    </message>
    <message>
        <source>The conversations file is damaged or not a database: {path}</source>
        <translation>对话文件已损坏或不是数据库：{path}</translation>
    </message>
    <message>
        <source>The conversations file was damaged. Everything that could still be read was recovered into a new file; the damaged one was kept as {backup}.</source>
        <translation>对话文件已损坏。所有仍可读取的内容已恢复到新文件中；损坏的文件已保留为 {backup}。</translation>
    </message>
    <message>
        <source>This conversation no longer exists.</source>
        <translation>此对话已不存在。</translation>
    </message>
    <message>
        <source>This message no longer exists.</source>
        <translation>此消息已不存在。</translation>
    </message>
    <message>
        <source>The disk is full, so this answer stopped where it was last saved. Free some space to go on.</source>
        <translation>磁盘已满，因此这条回答停在了上次保存的位置。请释放一些空间后继续。</translation>
    </message>
    <message>
        <source>The conversation could not be saved ({reason}), so this answer stopped where it was last saved.</source>
        <translation>无法保存对话（{reason}），因此这条回答停在了上次保存的位置。</translation>
    </message>
    <message>
        <source>The messages of this conversation link back to each other in a loop, so it is shown from where the loop closes.</source>
        <translation>此对话的消息相互循环引用，因此从循环闭合处开始显示。</translation>
    </message>
    <message>
        <source>Load a model first.</source>
        <translation>请先加载模型。</translation>
    </message>
    <message>
        <source>The engine refused the request.</source>
        <translation>引擎拒绝了请求。</translation>
    </message>
    <message>
        <source>The connection to the engine was lost.</source>
        <translation>与引擎的连接已断开。</translation>
    </message>
    <message>
        <source>The conversation could not be exported.</source>
        <translation>无法导出对话。</translation>
    </message>
    <message>
        <source>Interrupted: the app closed while this answer was written.</source>
        <translation>已中断：撰写此回答时应用已关闭。</translation>
    </message>
    <message>
        <source>This model cannot see images: it was loaded without a vision projector (mmproj). Load a model that comes with one to send images.</source>
        <translation>此模型无法识别图片：加载时未包含视觉投影器（mmproj）。要发送图片，请加载带有视觉投影器的模型。</translation>
    </message>
    <message>
        <source>This model cannot see images now: its vision projector failed to start, so it was loaded text-only. Reload it, perhaps with less of it on the GPU, to send images.</source>
        <translation>此模型当前无法识别图片：其视觉投影器启动失败，因此仅以文本模式加载。要发送图片，请重新加载它，可考虑减少放在 GPU 上的部分。</translation>
    </message>
    <message>
        <source>{name} could not be read as an image: PNG, JPEG and WebP can be attached.</source>
        <translation>无法将 {name} 读取为图片：可附加 PNG、JPEG 和 WebP 格式。</translation>
    </message>
    <message>
        <source>At most {count} images can be sent with one message.</source>
        <translation>每条消息最多可发送 {count} 张图片。</translation>
    </message>
    <message>
        <source>A preset needs a name.</source>
        <translation>预设需要一个名称。</translation>
    </message>
    <message>
        <source>A preset named “{name}” already exists.</source>
        <translation>已存在名为“{name}”的预设。</translation>
    </message>
    <message>
        <source>The preset “{name}” no longer exists.</source>
        <translation>预设“{name}”已不存在。</translation>
    </message>
    <message>
        <source>The preset file {path} cannot be read.</source>
        <translation>无法读取预设文件 {path}。</translation>
    </message>
    <message>
        <source>{path} is not a preset: it is not a JSON file.</source>
        <translation>{path} 不是预设：它不是 JSON 文件。</translation>
    </message>
    <message>
        <source>{path} is not a GGUF Studio preset: a preset has a name and its settings.</source>
        <translation>{path} 不是 GGUF Studio 预设：预设包含名称及其设置。</translation>
    </message>
    <message>
        <source>{path} is not a usable preset: its “{field}” has the wrong kind of value.</source>
        <translation>{path} 不是可用的预设：其“{field}”的值类型不正确。</translation>
    </message>
    <message>
        <source>The preset could not be saved to {path}.</source>
        <translation>无法将预设保存到 {path}。</translation>
    </message>
    <message>
        <source>The presets cannot be saved to {path}.</source>
        <translation>无法将这些预设保存到 {path}。</translation>
    </message>
    <message>
        <source>Your presets could not be read, so the list starts empty. The unreadable file was kept as {moved_to}.</source>
        <translation>无法读取您的预设，因此列表为空。无法读取的文件已保留为 {moved_to}。</translation>
    </message>
    <message>
        <source>Your presets could not be read ({path}), so the list starts empty.</source>
        <translation>无法读取您的预设（{path}），因此列表为空。</translation>
    </message>
    <message>
        <source>{path} is not a usable preset: its “{field}” is {value}, but it must be from {low} to {high}.</source>
        <translation>{path} 不是可用的预设：其“{field}”为 {value}，但必须介于 {low} 和 {high} 之间。</translation>
    </message>
    <message>
        <source>{path} is not a usable preset: its “{field}” is {value}, but it must be -1 (no limit) or from {low} to {high}.</source>
        <translation>{path} 不是可用的预设：其“{field}”为 {value}，但必须为 -1（不限）或介于 {low} 和 {high} 之间。</translation>
    </message>
    <message>
        <source>Some remembered load settings of {model} could not be used ({settings}), so they are chosen afresh.</source>
        <translation>{model} 记住的部分加载设置无法使用（{settings}），因此将重新选择。</translation>
    </message>
    <message>
        <source>This conversation needs {prompt_tokens} tokens, but the model&apos;s context holds {context_tokens}. Start a new conversation, let the chat drop the oldest messages (Inspector &gt; Context), or load the model with a larger context.</source>
        <translation>此对话需要 {prompt_tokens} 个 token，但模型的上下文只能容纳 {context_tokens} 个。请开始新对话、让聊天舍弃最早的消息（检查器 &gt; 上下文），或以更大的上下文加载模型。</translation>
    </message>
    <message>
        <source>{name} is not a text file, so it cannot be added to the message.</source>
        <translation>{name} 不是文本文件，因此无法添加到消息中。</translation>
    </message>
    <message>
        <source>{name} cannot be read: {reason}</source>
        <translation>无法读取 {name}：{reason}</translation>
    </message>
    <message>
        <source>{name} is not an ordinary file (it is a pipe, a device or a folder), so it cannot be attached.</source>
        <translation>{name} 不是普通文件（而是管道、设备或文件夹），因此无法附加。</translation>
    </message>
    <message>
        <source>{name} is too large to add to a message (more than {limit}).</source>
        <translation>{name} 太大，无法添加到消息中（超过 {limit}）。</translation>
    </message>
    <message>
        <source>This model&apos;s chat template does not think, so the thinking budget is not sent.</source>
        <translation>此模型的聊天模板不支持思考，因此不会发送思考预算。</translation>
    </message>
    <message>
        <source>{name} takes {tokens} tokens, but only {left} of the context&apos;s {context_tokens} are left, so it was not added.</source>
        <translation>{name} 需要 {tokens} 个 token，但上下文的 {context_tokens} 个 token 只剩 {left} 个，因此未添加。</translation>
    </message>
    <message>
        <source>{name} is too large to attach (more than {limit}); nothing was added.</source>
        <translation>{name} 太大，无法附加（超过 {limit}）；未添加任何内容。</translation>
    </message>
    <message>
        <source>{name} is a pipe, a device or a folder, not a document, so it was not attached.</source>
        <translation>{name} 是管道、设备或文件夹，而不是文档，因此未附加。</translation>
    </message>
    <message>
        <source>{name} could not be opened as a document: {reason}</source>
        <translation>无法将 {name} 作为文档打开：{reason}</translation>
    </message>
    <message>
        <source>{name} is not a document this app reads ({suffix}); attach a PDF, Markdown, text, HTML or .docx file.</source>
        <translation>{name} 不是此应用可读取的文档（{suffix}）；请附加 PDF、Markdown、文本、HTML 或 .docx 文件。</translation>
    </message>
    <message>
        <source>{name} is protected by a password, so its text cannot be read.</source>
        <translation>{name} 受密码保护，因此无法读取其文本。</translation>
    </message>
    <message>
        <source>{name} has no text layer; it may be a scan. Run text recognition (OCR) on it first.</source>
        <translation>{name} 没有文本层，可能是扫描件。请先对其进行文字识别（OCR）。</translation>
    </message>
    <message>
        <source>{name} is not a {kind} file this app can read; it may be damaged.</source>
        <translation>{name} 不是此应用可读取的 {kind} 文件；它可能已损坏。</translation>
    </message>
    <message>
        <source>{name} would unpack to more than {limit}, far more than a document holds, so it was not opened.</source>
        <translation>{name} 解压后会超过 {limit}，远超文档应有的大小，因此未打开。</translation>
    </message>
    <message>
        <source>{name} holds no text, so there is nothing to attach.</source>
        <translation>{name} 不含文本，因此没有可附加的内容。</translation>
    </message>
    <message>
        <source>{name} is not a text file, so it cannot be attached as a document.</source>
        <translation>{name} 不是文本文件，因此无法作为文档附加。</translation>
    </message>
    <message>
        <source>The documents could not be searched: the embedding model failed ({reason}).</source>
        <translation>无法检索文档：嵌入模型出错（{reason}）。</translation>
    </message>
    <message>
        <source>Load a model first: documents are indexed with the loaded model.</source>
        <translation>请先加载模型：文档将使用已加载的模型建立索引。</translation>
    </message>
    <message>
        <source>The embedding model {name} is not in the library: choose another in Settings, Documents.</source>
        <translation>嵌入模型 {name} 不在模型库中：请在“设置 &gt; 文档”中选择其他模型。</translation>
    </message>
    <message>
        <source>The documents&apos; index at {path} cannot be opened.</source>
        <translation>无法打开位于 {path} 的文档索引。</translation>
    </message>
    <message>
        <source>The documents&apos; index at {path} could not be saved: {reason}</source>
        <translation>无法保存位于 {path} 的文档索引：{reason}</translation>
    </message>
    <message>
        <source>The tools are not valid JSON (line {line}, column {column}).</source>
        <translation>工具不是有效的 JSON（第 {line} 行，第 {column} 列）。</translation>
    </message>
    <message>
        <source>The tools must be a JSON list of function definitions.</source>
        <translation>工具必须是由函数定义组成的 JSON 列表。</translation>
    </message>
    <message>
        <source>Tool {number} is not a function definition: give it &quot;type&quot;: &quot;function&quot; and a &quot;function&quot; with a name.</source>
        <translation>工具 {number} 不是函数定义：请为其指定 &quot;type&quot;: &quot;function&quot; 以及带名称的 &quot;function&quot;。</translation>
    </message>
    <message>
        <source>Tool {number} has no name.</source>
        <translation>工具 {number} 没有名称。</translation>
    </message>
    <message>
        <source>The parameters of the tool {name} must be a JSON Schema object.</source>
        <translation>工具 {name} 的参数必须是 JSON Schema 对象。</translation>
    </message>
    <message>
        <source>Two tools are called {name}.</source>
        <translation>有两个工具都名为 {name}。</translation>
    </message>
    <message>
        <source>The tools are nested more than {levels} levels deep, which no tool needs.</source>
        <translation>工具的嵌套超过 {levels} 层，没有任何工具需要这么深。</translation>
    </message>
    <message>
        <source>The tools contain NaN or Infinity, which JSON does not allow.</source>
        <translation>工具中包含 NaN 或 Infinity，而 JSON 不允许这些值。</translation>
    </message>
    <message>
        <source>The model asked for tools {rounds} rounds in a row, the most one question may take, so its last calls were not run.</source>
        <translation>模型已连续 {rounds} 轮请求工具，达到单个问题允许的上限，因此其最后的调用未运行。</translation>
    </message>
    <message>
        <source>The model&apos;s call of {tool} was cut off or is not valid JSON, so it was not run; a larger answer limit may help.</source>
        <translation>模型对 {tool} 的调用被截断或不是有效的 JSON，因此未运行；提高回答长度上限可能会有帮助。</translation>
    </message>
    <message>
        <source>A Hugging Face token was kept out of the settings file ({field}); save tokens with Save token.</source>
        <translation>已阻止将 Hugging Face 令牌写入设置文件（{field}）；请使用“保存令牌”保存令牌。</translation>
    </message>
    <message>
        <source>The settings cannot be saved to {path}.</source>
        <translation>无法将设置保存到 {path}。</translation>
    </message>
    <message>
        <source>The desktop entry cannot start the app: the command contains {argument}.</source>
        <translation>桌面条目无法启动应用：命令中包含 {argument}。</translation>
    </message>
    <message>
        <source>The app icon is missing: {path}</source>
        <translation>缺少应用图标：{path}</translation>
    </message>
    <message>
        <source>Port {port} is already in use by another program; choose another port.</source>
        <translation>端口 {port} 已被其他程序占用；请选择其他端口。</translation>
    </message>
    <message>
        <source>Port {port} may only be opened by an administrator; choose one above 1023.</source>
        <translation>只有管理员才能打开端口 {port}；请选择大于 1023 的端口。</translation>
    </message>
    <message>
        <source>The local API could not start: {reason}.</source>
        <translation>本地 API 无法启动：{reason}。</translation>
    </message>
    <message>
        <source>The folder {path} does not exist.</source>
        <translation>文件夹 {path} 不存在。</translation>
    </message>
    <message>
        <source>{path} is a file, not a folder.</source>
        <translation>{path} 是文件，不是文件夹。</translation>
    </message>
    <message>
        <source>There is no device named “{device}” (see the device column of studio fit).</source>
        <translation>没有名为“{device}”的设备（参见 studio fit 的设备列）。</translation>
    </message>
    <message>
        <source>“{item}” is not DEVICE=LAYERS (for example CUDA0=20).</source>
        <translation>“{item}”不是 设备=层数 的形式（例如 CUDA0=20）。</translation>
    </message>
    <message>
        <source>“{item}” is not a size such as 2GiB or host=512MiB.</source>
        <translation>“{item}”不是 2GiB 或 host=512MiB 这样的大小。</translation>
    </message>
    <message>
        <source>“{item}” is not KNOB=VALUE (for example ubatch=1024 or layers:CUDA0=20).</source>
        <translation>“{item}”不是 设置=值 的形式（例如 ubatch=1024 或 layers:CUDA0=20）。</translation>
    </message>
    <message>
        <source>“{value}” is not a value {knob} can take ({expected}).</source>
        <translation>“{value}”不是 {knob} 可以接受的值（{expected}）。</translation>
    </message>
    <message>
        <source>A benchmark variant cannot change “{knob}”; it can change: {knobs}.</source>
        <translation>基准测试变体不能更改“{knob}”；可以更改：{knobs}。</translation>
    </message>
    <message>
        <source>{variant}: tensor parallelism splits every layer across the devices, so a variant cannot also move layers between them.</source>
        <translation>{variant}：张量并行会把每一层拆分到各设备上，因此一个变体不能同时在设备之间移动层。</translation>
    </message>
    <message>
        <source>A comparison takes {least} to {most} variants, not {count}.</source>
        <translation>比较需要 {least} 到 {most} 个变体，而不是 {count} 个。</translation>
    </message>
    <message>
        <source>{variant} started only after the engine&apos;s recovery changed it, so it was not measured.</source>
        <translation>{variant} 直到引擎的恢复流程修改它之后才启动，因此未被测量。</translation>
    </message>
    <message>
        <source>A context of {ctx} tokens leaves no room for a benchmark prompt and the {tokens} tokens it writes.</source>
        <translation>{ctx} 个 token 的上下文容不下基准测试提示词及其生成的 {tokens} 个 token。</translation>
    </message>
    <message>
        <source>The engine did not answer a benchmark request for {variant}.</source>
        <translation>引擎没有响应 {variant} 的基准测试请求。</translation>
    </message>
    <message>
        <source>A benchmark request was stopped from elsewhere, so the benchmark ended.</source>
        <translation>基准测试的一个请求被其他地方停止，因此基准测试已结束。</translation>
    </message>
    <message>
        <source>The engine&apos;s answer had no timings, so nothing could be measured.</source>
        <translation>引擎的响应中没有计时数据，因此无法测量。</translation>
    </message>
    <message>
        <source>The benchmark could not be written to {path}: {reason}.</source>
        <translation>无法将基准测试写入 {path}：{reason}。</translation>
    </message>
    <message>
        <source>Not tried: the time budget was spent.</source>
        <translation>未尝试：时间预算已用完。</translation>
    </message>
    <message>
        <source>{fastest} generates {ratio} times as fast as {slower}.</source>
        <translation>{fastest} 的生成速度是 {slower} 的 {ratio} 倍。</translation>
    </message>
    <message>
        <source>{fastest} reads prompts {ratio} times as fast as {slower}.</source>
        <translation>{fastest} 读取提示词的速度是 {slower} 的 {ratio} 倍。</translation>
    </message>
    <message>
        <source>{fastest} and {slower} generate about as fast: the gap ({ratio} times) is within the spread of their runs.</source>
        <translation>{fastest} 与 {slower} 的生成速度相近：差距（{ratio} 倍）在各次运行的离散范围之内。</translation>
    </message>
    <message>
        <source>{fastest} and {slower} read prompts about as fast: the gap ({ratio} times) is within the spread of their runs.</source>
        <translation>{fastest} 与 {slower} 读取提示词的速度相近：差距（{ratio} 倍）在各次运行的离散范围之内。</translation>
    </message>
    <message>
        <source>With one run each there is no spread, so whether a difference is more than noise is unknown: measure more runs.</source>
        <translation>每个只运行一次时没有离散范围，无法判断差异是否超出噪声：请多运行几次。</translation>
    </message>
    <message>
        <source>A chat answer is being written. Stop it first: a benchmark loads other plans of the model in its place.</source>
        <translation>正在生成聊天回答。请先停止它：基准测试会在其位置加载该模型的其他方案。</translation>
    </message>
    <message>
        <source>A benchmark is running already. Wait for it, or cancel it first.</source>
        <translation>已有一个基准测试在运行。请等待它完成，或先取消它。</translation>
    </message>
    <message>
        <source>“{wanted}” does not name one model here; choose one of: {choices}.</source>
        <translation>“{wanted}”在此无法指定唯一的模型；请从以下选择：{choices}。</translation>
    </message>
    <message>
        <source>The API key file {path} cannot be read.</source>
        <translation>无法读取 API 密钥文件 {path}。</translation>
    </message>
    <message>
        <source>The API key is empty.</source>
        <translation>API 密钥为空。</translation>
    </message>
    <message>
        <source>The connection limit must be at least 1, not {given}.</source>
        <translation>连接数上限必须至少为 1，而不是 {given}。</translation>
    </message>
    <message>
        <source>Listening on {host} lets other machines connect: give --api-key or --api-key-file.</source>
        <translation>在 {host} 上监听会让其他机器连接：请指定 --api-key 或 --api-key-file。</translation>
    </message>
    <message>
        <source>The prompt takes {prompt_tokens} tokens, but the model&apos;s context holds {context_tokens}: shorten it or give a larger --ctx.</source>
        <translation>提示需要 {prompt_tokens} 个词元，但模型的上下文只能容纳 {context_tokens} 个：请缩短提示或指定更大的 --ctx。</translation>
    </message>
    <message>
        <source>This engine has no speculative decoding type “{spec_type}”; it knows {choices}.</source>
        <translation>此引擎没有推测解码类型“{spec_type}”；它支持 {choices}。</translation>
    </message>
    <message>
        <source>This computer has no address {host} to listen on.</source>
        <translation>这台计算机没有可供监听的地址 {host}。</translation>
    </message>
    <message>
        <source>The command studio {command} stopped on an unexpected problem; the details are in {log}.</source>
        <translation>命令 studio {command} 因意外问题而停止；详情见 {log}。</translation>
    </message>
    <message>
        <source>The MCP servers file {path} cannot be read.</source>
        <translation>无法读取 MCP 服务器文件 {path}。</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is not a regular file, so it is not read.</source>
        <translation>MCP 服务器文件 {path} 不是普通文件，因此不予读取。</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is larger than {limit}, so it is not read.</source>
        <translation>MCP 服务器文件 {path} 大于 {limit}，因此不予读取。</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is not UTF-8 text.</source>
        <translation>MCP 服务器文件 {path} 不是 UTF-8 文本。</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is not valid JSON (line {line}, column {column}).</source>
        <translation>MCP 服务器文件 {path} 不是有效的 JSON（第 {line} 行，第 {column} 列）。</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is nested too deeply to be read.</source>
        <translation>MCP 服务器文件 {path} 嵌套过深，无法读取。</translation>
    </message>
    <message>
        <source>The file {path} has no “mcpServers” object, so it names no MCP servers.</source>
        <translation>文件 {path} 没有“mcpServers”对象，因此未指定任何 MCP 服务器。</translation>
    </message>
    <message>
        <source>There can be at most {most} MCP servers.</source>
        <translation>MCP 服务器最多只能有 {most} 个。</translation>
    </message>
    <message>
        <source>The MCP server {server} must be a JSON object.</source>
        <translation>MCP 服务器 {server} 必须是一个 JSON 对象。</translation>
    </message>
    <message>
        <source>“{server}” cannot name an MCP server: use up to 64 letters, digits, spaces, dots, dashes and underscores, starting with a letter or a digit.</source>
        <translation>“{server}”不能用作 MCP 服务器的名称：请使用不超过 64 个字母、数字、空格、句点、连字符和下划线，并以字母或数字开头。</translation>
    </message>
    <message>
        <source>The MCP server {server} needs a “command” to run or a “url” to connect to.</source>
        <translation>MCP 服务器 {server} 需要一个要运行的“command”或一个要连接的“url”。</translation>
    </message>
    <message>
        <source>The MCP server {server} has both a “command” and a “url”; keep one of them.</source>
        <translation>MCP 服务器 {server} 同时有“command”和“url”；请只保留其中一个。</translation>
    </message>
    <message>
        <source>The MCP server {server} has the type “{type}”; Studio runs “stdio” and “http” (streamable HTTP) servers.</source>
        <translation>MCP 服务器 {server} 的类型为“{type}”；Studio 运行“stdio”和“http”（可流式 HTTP）服务器。</translation>
    </message>
    <message>
        <source>The MCP server {server} has the type “{type}”, which does not go with its “command” or “url”.</source>
        <translation>MCP 服务器 {server} 的类型“{type}”与其“command”或“url”不符。</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} must be text.</source>
        <translation>MCP 服务器 {server} 的“{field}”必须是文本。</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} must be a list of texts.</source>
        <translation>MCP 服务器 {server} 的“{field}”必须是文本列表。</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} must be an object whose values are texts.</source>
        <translation>MCP 服务器 {server} 的“{field}”必须是值均为文本的对象。</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} must be true or false.</source>
        <translation>MCP 服务器 {server} 的“{field}”必须是 true 或 false。</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} is empty.</source>
        <translation>MCP 服务器 {server} 的“{field}”为空。</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} holds a text longer than {most} characters.</source>
        <translation>MCP 服务器 {server} 的“{field}”包含超过 {most} 个字符的文本。</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} has more than {most} entries.</source>
        <translation>MCP 服务器 {server} 的“{field}”超过 {most} 项。</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} holds a NUL character or a line break, which it cannot pass on.</source>
        <translation>MCP 服务器 {server} 的“{field}”包含 NUL 字符或换行符，无法传递。</translation>
    </message>
    <message>
        <source>“{entry}” is not a valid name in the “{field}” of the MCP server {server}.</source>
        <translation>“{entry}”不是 MCP 服务器 {server} 的“{field}”中的有效名称。</translation>
    </message>
    <message>
        <source>The MCP server {server} has the URL “{url}”, which is not an http:// or https:// address.</source>
        <translation>MCP 服务器 {server} 的 URL“{url}”不是 http:// 或 https:// 地址。</translation>
    </message>
    <message>
        <source>The list of MCP servers cannot be saved to {path}.</source>
        <translation>无法将 MCP 服务器列表保存到 {path}。</translation>
    </message>
    <message>
        <source>There is no MCP server called {server}.</source>
        <translation>没有名为 {server} 的 MCP 服务器。</translation>
    </message>
    <message>
        <source>There is already an MCP server called {server}; choose another name.</source>
        <translation>已存在名为 {server} 的 MCP 服务器；请换一个名称。</translation>
    </message>
    <message>
        <source>The line “{line}” in the “{field}” of the MCP server {server} needs a “{separator}” between the name and the value.</source>
        <translation>MCP 服务器 {server} 的“{field}”中的行“{line}”需要在名称和值之间加上“{separator}”。</translation>
    </message>
    <message>
        <source>The MCP server {server} could not start: the program {command} was not found.</source>
        <translation>MCP 服务器 {server} 无法启动：找不到程序 {command}。</translation>
    </message>
    <message>
        <source>The MCP server {server} could not start {command}: {reason}.</source>
        <translation>MCP 服务器 {server} 无法启动 {command}：{reason}。</translation>
    </message>
    <message>
        <source>The MCP server {server} cannot be reached at {url}.</source>
        <translation>无法通过 {url} 连接到 MCP 服务器 {server}。</translation>
    </message>
    <message>
        <source>The MCP server {server} did not answer within {seconds} seconds.</source>
        <translation>MCP 服务器 {server} 未在 {seconds} 秒内响应。</translation>
    </message>
    <message>
        <source>The MCP server {server} stopped unexpectedly.</source>
        <translation>MCP 服务器 {server} 意外停止。</translation>
    </message>
    <message>
        <source>The MCP server {server} answered with an error: {reason}</source>
        <translation>MCP 服务器 {server} 返回了错误：{reason}</translation>
    </message>
    <message>
        <source>The tool {tool} of the MCP server {server} could not be called: {reason}</source>
        <translation>无法调用 MCP 服务器 {server} 的工具 {tool}：{reason}</translation>
    </message>
    <message>
        <source>The tool {tool} of the MCP server {server} answered with a result MCP does not allow.</source>
        <translation>MCP 服务器 {server} 的工具 {tool} 返回了 MCP 不允许的结果。</translation>
    </message>
    <message>
        <source>The MCP server {server} is not running.</source>
        <translation>MCP 服务器 {server} 未在运行。</translation>
    </message>
    <message>
        <source>No running MCP server offers a tool called {tool}.</source>
        <translation>没有正在运行的 MCP 服务器提供名为 {tool} 的工具。</translation>
    </message>
    <message>
        <source>The tool&apos;s arguments are not valid JSON (line {line}, column {column}).</source>
        <translation>工具的参数不是有效的 JSON（第 {line} 行，第 {column} 列）。</translation>
    </message>
    <message>
        <source>The tool&apos;s arguments must be a JSON object.</source>
        <translation>工具的参数必须是一个 JSON 对象。</translation>
    </message>
    <message>
        <source>{device} needs {needed} but may use {budget}.</source>
        <translation>{device} 需要 {needed}，但只能使用 {budget}。</translation>
    </message>
    <message>
        <source>{device} takes at most {limit} in one tensor: {kept} of weights stay in system memory.</source>
        <translation>{device} 单个张量最多容纳 {limit}：{kept} 的权重保留在系统内存中。</translation>
    </message>
    <message>
        <source>System RAM needs {needed} but may use {budget}.</source>
        <translation>系统内存需要 {needed}，但只能使用 {budget}。</translation>
    </message>
    <message>
        <source>Nothing fits, even at a context of {ctx}: choose a smaller quant or free memory.</source>
        <translation>即使上下文为 {ctx} 也放不下：请选择更小的量化版本或释放内存。</translation>
    </message>
    <message>
        <source>{requested} layers were asked for; the model has {maximum}.</source>
        <translation>请求了 {requested} 层；该模型只有 {maximum} 层。</translation>
    </message>
    <message>
        <source>A remembered device is not present any more ({key}).</source>
        <translation>记住的设备已不存在（{key}）。</translation>
    </message>
    <message>
        <source>This model is dense: it has no experts to keep on the CPU.</source>
        <translation>这是稠密模型：没有可保留在 CPU 上的专家。</translation>
    </message>
    <message>
        <source>Experts on the CPU reduced from {requested} to {maximum} layers.</source>
        <translation>CPU 上的专家已从 {requested} 层减至 {maximum} 层。</translation>
    </message>
    <message>
        <source>Tensor parallelism needs two or more devices.</source>
        <translation>张量并行需要两个或更多设备。</translation>
    </message>
    <message>
        <source>Tensor parallelism needs flash attention on.</source>
        <translation>张量并行需要开启 flash attention。</translation>
    </message>
    <message>
        <source>Tensor parallelism needs an unquantized KV cache (not {cache_type}).</source>
        <translation>张量并行需要未量化的 KV 缓存（不能是 {cache_type}）。</translation>
    </message>
    <message>
        <source>Tensor parallelism does not support the {architecture} architecture.</source>
        <translation>张量并行不支持 {architecture} 架构。</translation>
    </message>
    <message>
        <source>This llama-server build has no tensor split mode.</source>
        <translation>此 llama-server 版本没有张量拆分模式。</translation>
    </message>
    <message>
        <source>Tensor parallelism keeps every expert on the GPUs; experts on the CPU were reset.</source>
        <translation>张量并行会把所有专家都放在 GPU 上；CPU 上的专家设置已重置。</translation>
    </message>
    <message>
        <source>Tensor parallelism needs the whole model on the GPUs, which does not fit: layer split is used.</source>
        <translation>张量并行需要整个模型都在 GPU 上，但放不下：改用按层拆分。</translation>
    </message>
    <message>
        <source>This llama-server build has no {cache_type} KV cache.</source>
        <translation>此 llama-server 版本不支持 {cache_type} KV 缓存。</translation>
    </message>
    <message>
        <source>The model has no MTP layers for speculative decoding.</source>
        <translation>该模型没有用于推测解码的 MTP 层。</translation>
    </message>
    <message>
        <source>The model declares MTP layers but their tensors are missing (layers {layers}): the conversion dropped them.</source>
        <translation>模型声明了 MTP 层，但缺少其张量（第 {layers} 层）：转换时被丢弃了。</translation>
    </message>
    <message>
        <source>This llama-server build has no MTP speculative decoding.</source>
        <translation>此 llama-server 版本不支持 MTP 推测解码。</translation>
    </message>
    <message>
        <source>MTP and a draft model cannot be used together.</source>
        <translation>MTP 与草稿模型不能同时使用。</translation>
    </message>
    <message>
        <source>A context of {requested} is below the minimum {minimum}.</source>
        <translation>上下文 {requested} 低于最小值 {minimum}。</translation>
    </message>
    <message>
        <source>A context of {requested} is above the {trained} the model was trained for.</source>
        <translation>上下文 {requested} 超过了模型训练时的 {trained}。</translation>
    </message>
    <message>
        <source>Context rounded from {requested} to {planned}.</source>
        <translation>上下文已从 {requested} 取整为 {planned}。</translation>
    </message>
    <message>
        <source>Context reduced from {trained} to {planned} to fit.</source>
        <translation>为放得下，上下文已从 {trained} 减至 {planned}。</translation>
    </message>
    <message>
        <source>{variable}={value} from the environment is used.</source>
        <translation>使用来自环境的 {variable}={value}。</translation>
    </message>
    <message>
        <source>{variable}={value} from the environment is ignored (cleared for the engine).</source>
        <translation>来自环境的 {variable}={value} 被忽略（不会传给引擎）。</translation>
    </message>
    <message>
        <source>{device} cannot be used by this engine ({why}).</source>
        <translation>此引擎无法使用 {device}（{why}）。</translation>
    </message>
    <message>
        <source>This llama-server build has no flash attention switch.</source>
        <translation>此 llama-server 版本没有 flash attention 开关。</translation>
    </message>
    <message>
        <source>This llama-server build cannot change the KV cache type.</source>
        <translation>此 llama-server 版本无法更改 KV 缓存类型。</translation>
    </message>
    <message>
        <source>This llama-server build has no draft-model speculative decoding.</source>
        <translation>此 llama-server 版本不支持草稿模型推测解码。</translation>
    </message>
    <message>
        <source>No mmproj file was found beside the model.</source>
        <translation>模型旁边没有找到 mmproj 文件。</translation>
    </message>
    <message>
        <source>This llama-server build cannot load a projector.</source>
        <translation>此 llama-server 版本无法加载投影器。</translation>
    </message>
    <message>
        <source>Tensor parallelism keeps every expert on the GPUs.</source>
        <translation>张量并行会把所有专家都放在 GPU 上。</translation>
    </message>
    <message>
        <source>Tensor parallelism splits every layer over the devices.</source>
        <translation>张量并行会把每一层拆分到各设备上。</translation>
    </message>
    <message>
        <source>The llama-server engine cannot be run ({path}): it is not an executable file.</source>
        <translation>无法运行 llama-server 引擎（{path}）：它不是可执行文件。</translation>
    </message>
    <message>
        <source>The disk is full: {path} could not be written.</source>
        <translation>磁盘已满：无法写入 {path}。</translation>
    </message>
    <message>
        <source>The conversation could not be saved, so this answer stopped where it was last saved.</source>
        <translation>无法保存对话，因此这条回答停在了上次保存的位置。</translation>
    </message>
    <message>
        <source>The model file does not exist.</source>
        <translation>模型文件不存在。</translation>
    </message>
    <message>
        <source>The benchmark could not be written to {path}.</source>
        <translation>无法将基准测试写入 {path}。</translation>
    </message>
    <message>
        <source>The file is not a valid GGUF model (truncated or corrupt).</source>
        <translation>该文件不是有效的 GGUF 模型（已截断或损坏）。</translation>
    </message>
    <message>
        <source>The engine exited before it said why.</source>
        <translation>引擎在说明原因之前就退出了。</translation>
    </message>
    <message>
        <source>This conversation no longer fits the model&apos;s context. Start a new conversation, let the chat drop the oldest messages (Inspector &gt; Context), or load the model with a larger context.</source>
        <translation>此对话已超出模型的上下文。请开始新对话、让聊天舍弃最早的消息（检查器 &gt; 上下文），或以更大的上下文加载模型。</translation>
    </message>
    <message>
        <source>The engine was stopped by a signal ({signal}).</source>
        <translation>引擎被信号停止（{signal}）。</translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s) run on the CPU to fit.</source>
        <translation>
            <numerusform>为放得下，%n 层在 CPU 上运行。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The experts of %n layer(s) stay on the CPU to fit.</source>
        <translation>
            <numerusform>为放得下，%n 层的专家保留在 CPU 上。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) of this conversation could not be read and are left out; the rest is shown.</source>
        <translation>
            <numerusform>此对话中有 %n 条消息无法读取，已省略；其余内容照常显示。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n preset(s) in your presets file could not be used and are left out.</source>
        <translation>
            <numerusform>预设文件中有 %n 个预设无法使用，已省略。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %n oldest message(s) were left out of this request so that it fits the model&apos;s context.</source>
        <translation>
            <numerusform>为放入模型的上下文，此请求略去了最早的 %n 条消息。</numerusform>
        </translation>
    </message>
    <message>
        <source>Something went wrong ({code}).</source>
        <translation>出现问题（{code}）。</translation>
    </message>
    <message>
        <source>no data for a while</source>
        <translation>一段时间没有收到数据</translation>
    </message>
    <message>
        <source>the connection dropped</source>
        <translation>连接已断开</translation>
    </message>
    <message>
        <source>cannot connect</source>
        <translation>无法连接</translation>
    </message>
    <message>
        <source>the bytes did not match the checksum</source>
        <translation>数据与校验和不符</translation>
    </message>
    <message>
        <source>the server refused to resume</source>
        <translation>服务器拒绝继续传输</translation>
    </message>
    <message>
        <source>the server sent too much</source>
        <translation>服务器发送的数据过多</translation>
    </message>
    <message>
        <source>server error {status}</source>
        <translation>服务器错误 {status}</translation>
    </message>
    <message>
        <source>Retried on another port</source>
        <translation>已换用其他端口重试</translation>
    </message>
    <message>
        <source>Retried with flash attention off</source>
        <translation>已关闭 flash attention 重试</translation>
    </message>
    <message>
        <source>Retried with the vision projector on the CPU</source>
        <translation>已将视觉投影器放在 CPU 上重试</translation>
    </message>
    <message>
        <source>Retried without the vision projector</source>
        <translation>已在不使用视觉投影器的情况下重试</translation>
    </message>
    <message>
        <source>Retried without speculative decoding</source>
        <translation>已在不使用推测解码的情况下重试</translation>
    </message>
    <message>
        <source>Retried with layer split instead of tensor parallel</source>
        <translation>已改用按层拆分而非张量并行重试</translation>
    </message>
    <message>
        <source>Retried with a smaller plan</source>
        <translation>已用更小的计划重试</translation>
    </message>
    <message>
        <source>Retried with a context of {ctx} (it goes no lower than {floor})</source>
        <translation>已用上下文 {ctx} 重试（不会低于 {floor}）</translation>
    </message>
    <message>
        <source>Retried with a {cache_type} KV cache</source>
        <translation>已改用 {cache_type} KV 缓存重试</translation>
    </message>
    <message>
        <source>Retried with the experts of {layers} layers on the CPU</source>
        <translation>已将 {layers} 层的专家放在 CPU 上重试</translation>
    </message>
    <message>
        <source>Retried with {layers} layers left on {device}</source>
        <translation>已在 {device} 上仅保留 {layers} 层重试</translation>
    </message>
    <message>
        <source>{step}, after: {cause}</source>
        <translation>{step}，原因：{cause}</translation>
    </message>
    <message>
        <source>Not tested (an engine before it runs)</source>
        <translation>未测试（前面的引擎可以运行）</translation>
    </message>
    <message>
        <source>Runs on this CPU</source>
        <translation>可在此 CPU 上运行</translation>
    </message>
    <message>
        <source>Cannot run here: built for {built_for}; this CPU has {cpu}.</source>
        <translation>无法在此运行：为 {built_for} 构建；此 CPU 支持 {cpu}。</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>未加载模型</translation>
    </message>
    <message>
        <source>Loading</source>
        <translation>正在加载</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>Crashed</source>
        <translation>已崩溃</translation>
    </message>
    <message>
        <source>Restarting after a crash</source>
        <translation>崩溃后正在重启</translation>
    </message>
    <message>
        <source>Stopping</source>
        <translation>正在停止</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>starting the engine</source>
        <translation>正在启动引擎</translation>
    </message>
    <message>
        <source>loading the weights</source>
        <translation>正在加载权重</translation>
    </message>
    <message>
        <source>creating the context</source>
        <translation>正在创建上下文</translation>
    </message>
    <message>
        <source>warming up</source>
        <translation>正在预热</translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>已加载</translation>
    </message>
    <message>
        <source>{state}: {phase}</source>
        <translation>{state}：{phase}</translation>
    </message>
    <message>
        <source>{state}: {reason}</source>
        <translation>{state}：{reason}</translation>
    </message>
    <message>
        <source>Loading {model}…</source>
        <translation>正在加载 {model}…</translation>
    </message>
    <message>
        <source>{model} is ready.</source>
        <translation>{model} 已就绪。</translation>
    </message>
    <message>
        <source>The engine stopped unexpectedly; restarting it…</source>
        <translation>引擎意外停止；正在重启…</translation>
    </message>
    <message>
        <source>The engine crashed and was restarted; {model} is ready again.</source>
        <translation>引擎崩溃后已重启；{model} 已再次就绪。</translation>
    </message>
    <message>
        <source>{model} could not start as planned. {step}.</source>
        <translation>{model} 未能按计划启动。{step}。</translation>
    </message>
    <message>
        <source>{model} could not be loaded: {reason}</source>
        <translation>无法加载 {model}：{reason}</translation>
    </message>
    <message>
        <source>{model} was unloaded.</source>
        <translation>{model} 已卸载。</translation>
    </message>
    <message>
        <source>{model} was not loaded automatically: the app closed unexpectedly while loading it last time. Load it again from the Library when you are ready.</source>
        <translation>{model} 未自动加载：上次加载时应用意外关闭。准备好后，请从模型库重新加载。</translation>
    </message>
    <message>
        <source>The last model, {model}, was not loaded automatically: its file is gone.</source>
        <translation>上次的模型 {model} 未自动加载：其文件已不存在。</translation>
    </message>
    <message>
        <source>The model</source>
        <translation>模型</translation>
    </message>
</context>
<context>
    <name>ServerPage</name>
    <message>
        <source>Memory: predicted, allocated by the engine, in use now</source>
        <translation>内存：预测、引擎已分配、当前占用</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Engine state</source>
        <translation>引擎状态</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>进程</translation>
    </message>
    <message>
        <source>Recovery</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Unload model</source>
        <translation>卸载模型</translation>
    </message>
    <message>
        <source>Unload the model and stop the engine</source>
        <translation>卸载模型并停止引擎</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>Probing…</source>
        <translation>正在检测…</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Binary</source>
        <translation>可执行文件</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Supports</source>
        <translation>支持</translation>
    </message>
    <message>
        <source>Address of the running engine</source>
        <translation>正在运行的引擎的地址</translation>
    </message>
    <message>
        <source>Engine address</source>
        <translation>引擎地址</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Command line of the engine, secrets redacted</source>
        <translation>引擎的命令行（已隐去机密信息）</translation>
    </message>
    <message>
        <source>Copy the command line</source>
        <translation>复制命令行</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Engine log</source>
        <translation>引擎日志</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>跟随</translation>
    </message>
    <message>
        <source>Scroll to new log lines</source>
        <translation>滚动到新的日志行</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message numerus="yes">
        <source>{ctx} tokens, %n slot(s)</source>
        <translation>
            <numerusform>{ctx} 个 token，%n 个槽位</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>pid {pid}; %n start(s), {respawns} after a crash</source>
        <translation>
            <numerusform>PID {pid}；启动 %n 次，其中崩溃后 {respawns} 次</numerusform>
        </translation>
    </message>
    <message>
        <source>llama-server {version} ({source})</source>
        <translation>llama-server {version}（{source}）</translation>
    </message>
    <message>
        <source>{name}: {description}, {free} of {total} MiB free</source>
        <translation>{name}：{description}，空闲 {free} / {total} MiB</translation>
    </message>
    <message>
        <source>None: models run on the CPU</source>
        <translation>无：模型在 CPU 上运行</translation>
    </message>
    <message>
        <source>MoE experts on the CPU</source>
        <translation>CPU 上的 MoE 专家</translation>
    </message>
    <message>
        <source>tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>RPC devices</source>
        <translation>RPC 设备</translation>
    </message>
    <message>
        <source>vision projectors</source>
        <translation>视觉投影器</translation>
    </message>
    <message>
        <source>MTP speculative decoding</source>
        <translation>MTP 推测解码</translation>
    </message>
    <message>
        <source>KV cache types: {types}</source>
        <translation>KV 缓存类型：{types}</translation>
    </message>
    <message>
        <source>Unavailable: {detail}</source>
        <translation>不可用：{detail}</translation>
    </message>
</context>
<context>
    <name>ServerStatusLabel</name>
    <message>
        <source>Model and engine state</source>
        <translation>模型和引擎状态</translation>
    </message>
    <message>
        <source>{model} — {state}</source>
        <translation>{model} — {state}</translation>
    </message>
</context>
<context>
    <name>SettingsPage</name>
    <message>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>Bundled llama-server</source>
        <translation>内置的 llama-server</translation>
    </message>
    <message>
        <source>llama-server binary</source>
        <translation>llama-server 可执行文件</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Choose the llama-server binary</source>
        <translation>选择 llama-server 可执行文件</translation>
    </message>
    <message>
        <source>Use bundled</source>
        <translation>使用内置版本</translation>
    </message>
    <message>
        <source>Use the bundled llama-server</source>
        <translation>使用内置的 llama-server</translation>
    </message>
    <message>
        <source>Binary</source>
        <translation>可执行文件</translation>
    </message>
    <message>
        <source>Not probed yet</source>
        <translation>尚未检测</translation>
    </message>
    <message>
        <source>Engine status</source>
        <translation>引擎状态</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Engines found on this computer</source>
        <translation>在这台计算机上找到的引擎</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>CPU variant</source>
        <translation>CPU 变体</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Engine columns</source>
        <translation>引擎列</translation>
    </message>
    <message>
        <source>Found</source>
        <translation>已找到</translation>
    </message>
    <message>
        <source>Use selected engine</source>
        <translation>使用所选引擎</translation>
    </message>
    <message>
        <source>Build engine for this computer…</source>
        <translation>为这台计算机构建引擎…</translation>
    </message>
    <message>
        <source>A different engine is used from the next start.</source>
        <translation>其他引擎将在下次启动时生效。</translation>
    </message>
    <message>
        <source>Model folders</source>
        <translation>模型文件夹</translation>
    </message>
    <message>
        <source>Folders searched for GGUF models</source>
        <translation>搜索 GGUF 模型的文件夹</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <source>Add a model folder</source>
        <translation>添加模型文件夹</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Remove the selected model folder</source>
        <translation>移除所选模型文件夹</translation>
    </message>
    <message>
        <source>Remote devices (llama.cpp RPC)</source>
        <translation>远程设备（llama.cpp RPC）</translation>
    </message>
    <message>
        <source>Machines running ggml-rpc-server, as host:port. Their memory appears in the load dialog beside your GPUs.</source>
        <translation>运行 ggml-rpc-server 的机器，格式为 host:port。它们的内存会显示在加载对话框中您的 GPU 旁边。</translation>
    </message>
    <message>
        <source>Remote RPC devices</source>
        <translation>远程 RPC 设备</translation>
    </message>
    <message>
        <source>New remote device as host:port</source>
        <translation>新的远程设备，格式为 host:port</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Add the remote device</source>
        <translation>添加远程设备</translation>
    </message>
    <message>
        <source>Remove the selected remote device</source>
        <translation>移除所选远程设备</translation>
    </message>
    <message>
        <source>Hugging Face</source>
        <translation>Hugging Face</translation>
    </message>
    <message>
        <source>Hugging Face endpoint</source>
        <translation>Hugging Face 端点</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>端点</translation>
    </message>
    <message>
        <source>System proxy settings</source>
        <translation>系统代理设置</translation>
    </message>
    <message>
        <source>Proxy for downloads</source>
        <translation>下载使用的代理</translation>
    </message>
    <message>
        <source>Proxy</source>
        <translation>代理</translation>
    </message>
    <message>
        <source>Hugging Face access token</source>
        <translation>Hugging Face 访问令牌</translation>
    </message>
    <message>
        <source>Save token</source>
        <translation>保存令牌</translation>
    </message>
    <message>
        <source>Check and save the access token</source>
        <translation>检查并保存访问令牌</translation>
    </message>
    <message>
        <source>Remove token</source>
        <translation>移除令牌</translation>
    </message>
    <message>
        <source>Remove the stored access token</source>
        <translation>移除已保存的访问令牌</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>令牌</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>外观</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>系统默认</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message numerus="yes">
        <source>llama-server {version} ({source}) at {path}; %n device(s)</source>
        <translation>
            <numerusform>llama-server {version}（{source}），位于 {path}；%n 个设备</numerusform>
        </translation>
    </message>
    <message>
        <source>The engine cannot be used: {detail}</source>
        <translation>无法使用该引擎：{detail}</translation>
    </message>
    <message>
        <source>Checking the engine…</source>
        <translation>正在检查引擎…</translation>
    </message>
    <message>
        <source>Choose llama-server</source>
        <translation>选择 llama-server</translation>
    </message>
    <message>
        <source>Choose a folder with models</source>
        <translation>选择包含模型的文件夹</translation>
    </message>
    <message>
        <source>A token is stored: {masked}</source>
        <translation>已保存令牌：{masked}</translation>
    </message>
    <message>
        <source>No token: gated and private models cannot be downloaded.</source>
        <translation>无令牌：无法下载受限或私有模型。</translation>
    </message>
    <message>
        <source>Paste a token first.</source>
        <translation>请先粘贴令牌。</translation>
    </message>
    <message>
        <source>Checking the token with Hugging Face…</source>
        <translation>正在向 Hugging Face 验证令牌…</translation>
    </message>
</context>
<context>
    <name>Sidebar</name>
    <message>
        <source>GGUF Studio</source>
        <translation>GGUF Studio</translation>
    </message>
    <message>
        <source>Show or hide the sidebar</source>
        <translation>显示或隐藏侧边栏</translation>
    </message>
    <message>
        <source>Show or hide the sidebar (Ctrl+B)</source>
        <translation>显示或隐藏侧边栏 (Ctrl+B)</translation>
    </message>
    <message>
        <source>Areas</source>
        <translation>区域</translation>
    </message>
</context>
<context>
    <name>StudioAreas</name>
    <message>
        <source>&amp;Open GGUF…</source>
        <translation>打开 GGUF(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Unload</source>
        <translation>卸载(&amp;U)</translation>
    </message>
    <message>
        <source>Unload &amp;All</source>
        <translation>全部卸载(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>设置(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
</context>
<context>
    <name>TextFileDrops</name>
    <message>
        <source>**{name}** ({tokens} tokens)</source>
        <translation>**{name}**（{tokens} 个 token）</translation>
    </message>
</context>
<context>
    <name>ThumbnailCache</name>
    <message>
        <source>image</source>
        <translation>图片</translation>
    </message>
    <message>
        <source>{name} (the image file is missing)</source>
        <translation>{name}（图片文件缺失）</translation>
    </message>
</context>
<context>
    <name>ToolApprovalPrompt</name>
    <message>
        <source>Tool call waiting for your approval</source>
        <translation>等待您批准的工具调用</translation>
    </message>
    <message>
        <source>Arguments of the call</source>
        <translation>调用参数</translation>
    </message>
    <message>
        <source>&amp;Allow once</source>
        <translation>仅允许一次(&amp;A)</translation>
    </message>
    <message>
        <source>A&amp;lways allow this tool</source>
        <translation>始终允许此工具(&amp;L)</translation>
    </message>
    <message>
        <source>Runs this tool without asking for the rest of this conversation.</source>
        <translation>在此对话的剩余部分中运行此工具，不再询问。</translation>
    </message>
    <message>
        <source>&amp;Deny</source>
        <translation>拒绝(&amp;D)</translation>
    </message>
    <message>
        <source>“Always” lasts for this conversation until Studio quits. Enter allows once, Esc denies; a denied call is not run and the model is told.</source>
        <translation>“始终”在此对话中有效，直到 Studio 退出。按 Enter 允许一次，按 Esc 拒绝；被拒绝的调用不会运行，并会告知模型。</translation>
    </message>
    <message>
        <source>Run the tool {tool} of the MCP server {server}?</source>
        <translation>运行 MCP 服务器 {server} 的工具 {tool}？</translation>
    </message>
    <message>
        <source>Run the tool {tool}?</source>
        <translation>运行工具 {tool}？</translation>
    </message>
</context>
<context>
    <name>ToolBlocks</name>
    <message>
        <source>(name not written yet)</source>
        <translation>（名称尚未写出）</translation>
    </message>
    <message>
        <source>result typed by you</source>
        <translation>您手动输入的结果</translation>
    </message>
    <message>
        <source>ran on {server}</source>
        <translation>已在 {server} 上运行</translation>
    </message>
    <message>
        <source>not run on {server}</source>
        <translation>未在 {server} 上运行</translation>
    </message>
    <message>
        <source>waiting for your approval</source>
        <translation>等待您批准</translation>
    </message>
    <message>
        <source>running on {server}…</source>
        <translation>正在 {server} 上运行…</translation>
    </message>
    <message>
        <source>being written…</source>
        <translation>正在写入…</translation>
    </message>
    <message>
        <source>waiting for a result</source>
        <translation>等待结果</translation>
    </message>
</context>
<context>
    <name>ToolResultDialog</name>
    <message>
        <source>Result of {name}</source>
        <translation>{name} 的结果</translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation>工具结果</translation>
    </message>
    <message>
        <source>What the tool returned, e.g. {&quot;temp_c&quot;: 21}</source>
        <translation>工具返回的内容，例如 {&quot;temp_c&quot;: 21}</translation>
    </message>
    <message>
        <source>{name} was called with:</source>
        <translation>{name} 的调用参数：</translation>
    </message>
    <message>
        <source>Send result</source>
        <translation>发送结果</translation>
    </message>
</context>
<context>
    <name>ToolsPanel</name>
    <message>
        <source>Tool definitions (JSON)</source>
        <translation>工具定义（JSON）</translation>
    </message>
    <message>
        <source>Tool choice</source>
        <translation>工具选择</translation>
    </message>
    <message>
        <source>Model decides</source>
        <translation>由模型决定</translation>
    </message>
    <message>
        <source>Must call a tool</source>
        <translation>必须调用工具</translation>
    </message>
    <message>
        <source>No calls</source>
        <translation>不调用</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用</translation>
    </message>
    <message>
        <source>Tools from MCP servers</source>
        <translation>来自 MCP 服务器的工具</translation>
    </message>
    <message>
        <source>Offers the tools of the MCP servers set up in Settings; each call runs once you allow it.</source>
        <translation>提供在“设置”中配置的 MCP 服务器的工具；每次调用都在您允许后才运行。</translation>
    </message>
    <message>
        <source>Rounds of tool calls per question</source>
        <translation>每个问题的工具调用轮数</translation>
    </message>
    <message>
        <source>How many answers in a row may call tools before the chat stops them.</source>
        <translation>在聊天阻止之前，可以连续多少次回答调用工具。</translation>
    </message>
    <message>
        <source>Rounds at most</source>
        <translation>最多轮数</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Show token probabilities</source>
        <translation>显示 token 概率</translation>
    </message>
    <message>
        <source>Token probabilities</source>
        <translation>Token 概率</translation>
    </message>
    <message>
        <source>This model&apos;s chat template does not describe tools: it cannot call them.</source>
        <translation>此模型的聊天模板未描述工具：它无法调用工具。</translation>
    </message>
    <message>
        <source>The chat asks before each call: allow it once, always for that tool, or deny it.</source>
        <translation>聊天会在每次调用前询问：允许一次、始终允许该工具，或拒绝。</translation>
    </message>
    <message>
        <source>MCP servers are not available in this window.</source>
        <translation>此窗口中无法使用 MCP 服务器。</translation>
    </message>
    <message>
        <source>Not while tools are set: the engine sends no probabilities with tools.</source>
        <translation>设置了工具时不可用：使用工具时引擎不发送概率。</translation>
    </message>
    <message>
        <source>Tints each token of an answer by how likely it was; hover a token to see the alternatives.</source>
        <translation>按概率为回答中的每个 token 着色；将鼠标悬停在 token 上可查看备选项。</translation>
    </message>
</context>
<context>
    <name>VariantGrid</name>
    <message>
        <source>Base (this plan)</source>
        <translation>基准(此方案)</translation>
    </message>
    <message>
        <source>Add a variant</source>
        <translation>添加变体</translation>
    </message>
    <message>
        <source>Add a variant to compare with the base</source>
        <translation>添加一个变体与基准比较</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>{n} layers on {device}</source>
        <translation>{device} 上 {n} 层</translation>
    </message>
    <message>
        <source>Layers on {device}</source>
        <translation>{device} 上的层</translation>
    </message>
    <message>
        <source>Layers with experts on the CPU</source>
        <translation>专家放在 CPU 上的层</translation>
    </message>
    <message>
        <source>experts of {n} layers on the CPU</source>
        <translation>{n} 层的专家放在 CPU 上</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>tensor parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>split by layer</source>
        <translation>按层拆分</translation>
    </message>
    <message>
        <source>KV cache type</source>
        <translation>KV 缓存类型</translation>
    </message>
    <message>
        <source>KV {type}</source>
        <translation>KV {type}</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Flash attention</translation>
    </message>
    <message>
        <source>flash attention on</source>
        <translation>flash attention 开</translation>
    </message>
    <message>
        <source>flash attention off</source>
        <translation>flash attention 关</translation>
    </message>
    <message>
        <source>Micro-batch (tokens)</source>
        <translation>微批次 (token)</translation>
    </message>
    <message>
        <source>micro-batch {n}</source>
        <translation>微批次 {n}</translation>
    </message>
    <message>
        <source>CPU threads</source>
        <translation>CPU 线程</translation>
    </message>
    <message>
        <source>threads {n}</source>
        <translation>线程 {n}</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
</context>
<context>
    <name>WaysIn</name>
    <message>
        <source>No models yet. Start from a GGUF file you have, a folder of them, or find one on Hugging Face.</source>
        <translation>还没有模型。可以从已有的 GGUF 文件或包含它们的文件夹开始，或在 Hugging Face 上查找。</translation>
    </message>
    <message>
        <source>Open GGUF file…</source>
        <translation>打开 GGUF 文件…</translation>
    </message>
    <message>
        <source>Add a folder…</source>
        <translation>添加文件夹…</translation>
    </message>
    <message>
        <source>Discover</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Search Hugging Face for GGUF models</source>
        <translation>在 Hugging Face 上搜索 GGUF 模型</translation>
    </message>
</context>
<context>
    <name>_Column</name>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>{knob} of variant {n}</source>
        <translation>变体 {n} 的{knob}</translation>
    </message>
    <message>
        <source>Remove variant {n}</source>
        <translation>移除变体 {n}</translation>
    </message>
    <message>
        <source>same as the base</source>
        <translation>与基准相同</translation>
    </message>
</context>
<context>
    <name>context</name>
    <message>
        <source>{document}, page {page}</source>
        <translation>{document}，第 {page} 页</translation>
    </message>
</context>
<context>
    <name>parent</name>
    <message>
        <source>Use {device}</source>
        <translation>使用 {device}</translation>
    </message>
    <message>
        <source>Layers on {device}</source>
        <translation>{device} 上的层</translation>
    </message>
    <message>
        <source>Choose a draft model</source>
        <translation>选择草稿模型</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF 模型 (*.gguf)</translation>
    </message>
    <message>
        <source>The plan does not fit</source>
        <translation>该计划放不下</translation>
    </message>
    <message>
        <source>This plan needs more memory than is free. Loading it may fail with an out-of-memory error, or slow the whole computer down.</source>
        <translation>此计划所需内存超过空闲内存。加载可能因内存不足而失败，或使整台计算机变慢。</translation>
    </message>
    <message>
        <source>Load anyway</source>
        <translation>仍然加载</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>CSV 表格 (*.csv)</translation>
    </message>
    <message>
        <source>JSON document (*.json)</source>
        <translation>JSON 文档 (*.json)</translation>
    </message>
    <message>
        <source>Export the benchmark</source>
        <translation>导出基准测试</translation>
    </message>
</context>
<context>
    <name>text</name>
    <message>
        <source>Reconnecting in {delay:.0f} s ({reason})</source>
        <translation>{delay:.0f} 秒后重新连接（{reason}）</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>排队中</translation>
    </message>
    <message>
        <source>Checking disk space</source>
        <translation>正在检查磁盘空间</translation>
    </message>
    <message>
        <source>Downloading</source>
        <translation>正在下载</translation>
    </message>
    <message>
        <source>Reconnecting</source>
        <translation>正在重新连接</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>Done, verified</source>
        <translation>已完成，已校验</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
</context>
</TS>
