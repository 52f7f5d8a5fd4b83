<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja">
<context>
    <name></name>
    <message>
        <source>{size}/s</source>
        <translation>{size}/秒</translation>
    </message>
    <message>
        <source>{h} h {m} min</source>
        <translation>{h} 時間 {m} 分</translation>
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
        <translation>GPU に収まります · コンテキスト {context}</translation>
    </message>
    <message>
        <source>Partly on CPU ({gpu}/{total} layers on GPU) · {context} context</source>
        <translation>一部 CPU（GPU 上に {gpu}/{total} レイヤー） · コンテキスト {context}</translation>
    </message>
    <message>
        <source>CPU only · {context} context</source>
        <translation>CPU のみ · コンテキスト {context}</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>収まりません</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>不明</translation>
    </message>
    <message>
        <source>{arch}, {params} parameters. Needs {gpu} on GPUs and {host} in RAM at {context} context (trained: {trained}).</source>
        <translation>{arch}、パラメーター {params}。コンテキスト {context} で GPU に {gpu}、RAM に {host} 必要です（学習時: {trained}）。</translation>
    </message>
    <message>
        <source>Older version</source>
        <translation>古いバージョン</translation>
    </message>
    <message>
        <source>Newer version</source>
        <translation>新しいバージョン</translation>
    </message>
    <message>
        <source>{position}/{count}</source>
        <translation>{position}/{count}</translation>
    </message>
    <message>
        <source>chosen in Settings</source>
        <translation>設定で選択</translation>
    </message>
    <message>
        <source>from STUDIO_LLAMA_SERVER</source>
        <translation>STUDIO_LLAMA_SERVER から</translation>
    </message>
    <message>
        <source>built here</source>
        <translation>このマシンでビルド</translation>
    </message>
    <message>
        <source>bundled</source>
        <translation>同梱</translation>
    </message>
    <message>
        <source>on the PATH</source>
        <translation>PATH 上</translation>
    </message>
    <message>
        <source>System RAM</source>
        <translation>システム RAM</translation>
    </message>
</context>
<context>
    <name>AlertBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>閉じる</translation>
    </message>
</context>
<context>
    <name>ApiPanel</name>
    <message>
        <source>Local API (OpenAI-compatible)</source>
        <translation>ローカル API（OpenAI 互換）</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>ポート</translation>
    </message>
    <message>
        <source>Port of the local API</source>
        <translation>ローカル API のポート</translation>
    </message>
    <message>
        <source>Reachable from other computers on the network</source>
        <translation>ネットワーク上の他のコンピューターからアクセス可能</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>アドレス</translation>
    </message>
    <message>
        <source>Base URL of the local API</source>
        <translation>ローカル API のベース URL</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>Copy the API address</source>
        <translation>API のアドレスをコピー</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API キー</translation>
    </message>
    <message>
        <source>Made when the API first starts</source>
        <translation>API の初回起動時に作成されます</translation>
    </message>
    <message>
        <source>API key clients must send</source>
        <translation>クライアントが送る必要のある API キー</translation>
    </message>
    <message>
        <source>Copy the API key</source>
        <translation>API キーをコピー</translation>
    </message>
    <message>
        <source>New key</source>
        <translation>新しいキー</translation>
    </message>
    <message>
        <source>Make a new API key; the old one stops working</source>
        <translation>新しい API キーを作成します。古いキーは使えなくなります</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>ステータス</translation>
    </message>
    <message>
        <source>Requests the local API answered</source>
        <translation>ローカル API が応答したリクエスト</translation>
    </message>
    <message>
        <source>Request columns</source>
        <translation>リクエストの列</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>時刻</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>クライアント</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>リクエスト</translation>
    </message>
    <message>
        <source>Took</source>
        <translation>所要時間</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>エラー</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>開始</translation>
    </message>
    <message>
        <source>Stop the local API</source>
        <translation>ローカル API を停止</translation>
    </message>
    <message>
        <source>Start the local API</source>
        <translation>ローカル API を開始</translation>
    </message>
    <message>
        <source>The local API needs an engine; choose one in Settings &gt; Engine.</source>
        <translation>ローカル API にはエンジンが必要です。設定 &gt; エンジン で選んでください。</translation>
    </message>
    <message>
        <source>Running. Programs use the address as their OpenAI base URL and the key as their API key; they get the model loaded here, or name another from the Library to load it.</source>
        <translation>実行中です。プログラムはこのアドレスを OpenAI のベース URL に、キーを API キーに使います。ここで読み込まれたモデルを使うか、ライブラリの別のモデルを指定して読み込めます。</translation>
    </message>
    <message>
        <source>Other computers on your network can reach it.</source>
        <translation>ネットワーク上の他のコンピューターからアクセスできます。</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>開始中…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>停止しています…</translation>
    </message>
    <message>
        <source>Stopped. Start it to let other programs chat with the model loaded here.</source>
        <translation>停止中です。開始すると、他のプログラムがここで読み込んだモデルとチャットできます。</translation>
    </message>
    <message>
        <source>client left</source>
        <translation>クライアントが切断</translation>
    </message>
    <message>
        <source>{ms} ms</source>
        <translation>{ms} ms</translation>
    </message>
    <message>
        <source>{s} s</source>
        <translation>{s} 秒</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s)</source>
        <translation>
            <numerusform>%n 件のリクエスト</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with an error</source>
        <translation>
            <numerusform>%n 件がエラー</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BenchDialog</name>
    <message>
        <source>Benchmark {model}</source>
        <translation>{model} のベンチマーク</translation>
    </message>
    <message>
        <source>Variants of the plan</source>
        <translation>プランのバリエーション</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>結果</translation>
    </message>
    <message>
        <source>How to measure</source>
        <translation>測定方法</translation>
    </message>
    <message>
        <source>Runs per variant</source>
        <translation>バリエーションごとの回数</translation>
    </message>
    <message>
        <source>Prompt lengths in tokens</source>
        <translation>プロンプト長 (トークン数)</translation>
    </message>
    <message>
        <source>Those longer than the context are left out.</source>
        <translation>コンテキストより長いものは除外されます。</translation>
    </message>
    <message>
        <source>Prompt lengths (tokens)</source>
        <translation>プロンプト長 (トークン)</translation>
    </message>
    <message>
        <source>Tokens written per request</source>
        <translation>リクエストごとに書き出すトークン数</translation>
    </message>
    <message>
        <source>Tokens written</source>
        <translation>書き出すトークン数</translation>
    </message>
    <message>
        <source>Find the fastest…</source>
        <translation>最速を探す…</translation>
    </message>
    <message>
        <source>Search around this plan for the fastest plan that fits</source>
        <translation>このプランの周辺で、収まる最速のプランを探す</translation>
    </message>
    <message>
        <source>Start the search</source>
        <translation>検索を開始</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>後で</translation>
    </message>
    <message>
        <source>Do not start the search</source>
        <translation>検索を開始しない</translation>
    </message>
    <message>
        <source>Benchmark progress</source>
        <translation>ベンチマークの進捗</translation>
    </message>
    <message>
        <source>Cancel the benchmark</source>
        <translation>ベンチマークをキャンセル</translation>
    </message>
    <message>
        <source>Benchmark this plan</source>
        <translation>このプランを測定</translation>
    </message>
    <message>
        <source>Run the A/B</source>
        <translation>A/B を実行</translation>
    </message>
    <message>
        <source>Measure this plan</source>
        <translation>このプランを測定</translation>
    </message>
    <message numerus="yes">
        <source>Measure the base and %n variant(s) in turn</source>
        <translation>
            <numerusform>ベースと %n 個のバリエーションを交互に測定</numerusform>
        </translation>
    </message>
    <message>
        <source>Planning the variants…</source>
        <translation>バリエーションを計画しています…</translation>
    </message>
    <message>
        <source>Planning the variants to try…</source>
        <translation>試すバリエーションを計画しています…</translation>
    </message>
    <message>
        <source>{variants} variants to try, {runs} runs at most: about {time}.</source>
        <translation>試すバリエーション {variants} 個、最大 {runs} 回: 約 {time}。</translation>
    </message>
    <message>
        <source>Estimated from the last benchmark of this plan.</source>
        <translation>このプランの前回のベンチマークから見積もりました。</translation>
    </message>
    <message>
        <source>A rough guess: nothing was measured yet.</source>
        <translation>おおまかな見積もりです。まだ何も測定していません。</translation>
    </message>
    <message numerus="yes">
        <source>%n more do not fit and are left out.</source>
        <translation>
            <numerusform>ほかに %n 件は収まらないため除外されます。</numerusform>
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
            <numerusform>%n 分</numerusform>
        </translation>
    </message>
    <message>
        <source>Starting the search…</source>
        <translation>検索を開始しています…</translation>
    </message>
    <message>
        <source>Loading {variant}…</source>
        <translation>{variant} を読み込んでいます…</translation>
    </message>
    <message>
        <source>Warming up {variant}…</source>
        <translation>{variant} をウォームアップしています…</translation>
    </message>
    <message>
        <source>Measuring {variant}: run {run} of {runs}…</source>
        <translation>{variant} を測定中: {runs} 回中 {run} 回目…</translation>
    </message>
    <message>
        <source>Loading again what was loaded before…</source>
        <translation>以前読み込まれていたものを再び読み込んでいます…</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>完了しました。</translation>
    </message>
    <message>
        <source>Cancelled; what was loaded before is loaded again.</source>
        <translation>キャンセルしました。以前読み込まれていたものを再び読み込みました。</translation>
    </message>
    <message>
        <source>Stopping, then loading again what was loaded before…</source>
        <translation>停止してから、以前読み込まれていたものを再び読み込みます…</translation>
    </message>
</context>
<context>
    <name>BenchPlots</name>
    <message>
        <source>Benchmark plots</source>
        <translation>ベンチマークのグラフ</translation>
    </message>
    <message>
        <source>The figures are plotted here once a benchmark has run.</source>
        <translation>ベンチマークを実行すると、ここに数値がグラフで表示されます。</translation>
    </message>
    <message>
        <source>Generation (tokens/s)</source>
        <translation>生成 (トークン/秒)</translation>
    </message>
    <message>
        <source>Prompt processing (tokens/s)</source>
        <translation>プロンプト処理 (トークン/秒)</translation>
    </message>
    <message>
        <source>Memory per device</source>
        <translation>デバイスごとのメモリ</translation>
    </message>
    <message>
        <source>Memory per device ({unit})</source>
        <translation>デバイスごとのメモリ ({unit})</translation>
    </message>
    <message>
        <source>{device}: {size}</source>
        <translation>{device}: {size}</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>重み</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV キャッシュ</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>計算</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>オーバーヘッド</translation>
    </message>
    <message>
        <source>Prompt cache</source>
        <translation>プロンプトキャッシュ</translation>
    </message>
</context>
<context>
    <name>BenchResults</name>
    <message>
        <source>The measured plan to use</source>
        <translation>使用する測定済みのプラン</translation>
    </message>
    <message>
        <source>Use this plan</source>
        <translation>このプランを使う</translation>
    </message>
    <message>
        <source>Put this plan into the load dialog</source>
        <translation>このプランを読み込みダイアログに反映</translation>
    </message>
    <message>
        <source>Earlier results for this model and devices</source>
        <translation>このモデルとデバイスの以前の結果</translation>
    </message>
    <message>
        <source>Earlier results</source>
        <translation>以前の結果</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>エクスポート…</translation>
    </message>
    <message>
        <source>Save the result as PNG, CSV or JSON</source>
        <translation>結果を PNG、CSV、JSON で保存</translation>
    </message>
    <message>
        <source>Fastest: {variant}.</source>
        <translation>最速: {variant}。</translation>
    </message>
    <message>
        <source>{variant}: {generation} tokens/s generating, {prompt} tokens/s reading the prompt, the first token after {first} s.</source>
        <translation>{variant}: 生成 {generation} トークン/秒、プロンプト読み込み {prompt} トークン/秒、最初のトークンまで {first} 秒。</translation>
    </message>
    <message>
        <source>{variant}: {problem}</source>
        <translation>{variant}: {problem}</translation>
    </message>
    <message>
        <source>{variant}: stopped after one run, clearly slower.</source>
        <translation>{variant}: 1 回で停止しました。明らかに遅いためです。</translation>
    </message>
    <message>
        <source>benchmark</source>
        <translation>ベンチマーク</translation>
    </message>
    <message>
        <source>A/B</source>
        <translation>A/B</translation>
    </message>
    <message>
        <source>search for the fastest</source>
        <translation>最速の検索</translation>
    </message>
    <message>
        <source>{when}, {kind}: {variants}</source>
        <translation>{when}、{kind}: {variants}</translation>
    </message>
    <message>
        <source>{changes}: used for this load, not remembered for the next.</source>
        <translation>{changes}: 今回の読み込みには使われますが、次回のために記憶されません。</translation>
    </message>
    <message>
        <source>{changes}: not part of a plan, so a load from the dialog leaves it to the engine.</source>
        <translation>{changes}: プランの一部ではないため、ダイアログからの読み込みではエンジンに任されます。</translation>
    </message>
    <message>
        <source>Saved to {path}.</source>
        <translation>{path} に保存しました。</translation>
    </message>
</context>
<context>
    <name>ChatFirst</name>
    <message>
        <source>Open a GGUF model</source>
        <translation>GGUF モデルを開く</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF モデル (*.gguf)</translation>
    </message>
    <message>
        <source>Add a folder of GGUF models</source>
        <translation>GGUF モデルのフォルダーを追加</translation>
    </message>
    <message>
        <source>{model} could not be loaded: {reason}</source>
        <translation>{model} を読み込めませんでした: {reason}</translation>
    </message>
    <message>
        <source>The model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Change load settings…</source>
        <translation>読み込み設定を変更…</translation>
    </message>
</context>
<context>
    <name>ChatPane</name>
    <message>
        <source>No model loaded.</source>
        <translation>モデルが読み込まれていません。</translation>
    </message>
    <message>
        <source>Cancel edit</source>
        <translation>編集をキャンセル</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>メッセージ</translation>
    </message>
    <message>
        <source>Message (Enter sends, Shift+Enter starts a new line)</source>
        <translation>メッセージ（Enter で送信、Shift+Enter で改行）</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>送信</translation>
    </message>
    <message>
        <source>Send the message</source>
        <translation>メッセージを送信</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Stop the answer</source>
        <translation>回答を停止</translation>
    </message>
    <message>
        <source>Show or hide the inspector</source>
        <translation>インスペクターの表示/非表示</translation>
    </message>
    <message>
        <source>System prompt, sampling and memory</source>
        <translation>システムプロンプト、サンプリング、メモリ</translation>
    </message>
    <message>
        <source>{problem}
Your saved conversations are left as they are; conversations in this session will not be kept.</source>
        <translation>{problem}
保存済みの会話はそのまま残します。このセッションの会話は保存されません。</translation>
    </message>
    <message>
        <source>Editing an earlier message: sending makes a new version of it and answers anew; the conversation that followed the old one stays, a page away.</source>
        <translation>以前のメッセージを編集しています。送信するとそのメッセージの新しいバージョンが作られ、改めて回答されます。元のバージョンに続く会話は残り、ページを切り替えると表示できます。</translation>
    </message>
    <message>
        <source>Resend</source>
        <translation>再送信</translation>
    </message>
    <message>
        <source>&lt;b&gt;New conversation&lt;/b&gt;</source>
        <translation>&lt;b&gt;新しい会話&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Load a model to chat.</source>
        <translation>チャットするにはモデルを読み込んでください。</translation>
    </message>
</context>
<context>
    <name>CitationLinks</name>
    <message>
        <source>Sources: {links}</source>
        <translation>出典: {links}</translation>
    </message>
</context>
<context>
    <name>ContextMeter</name>
    <message>
        <source>{used} / {size} tokens</source>
        <translation>{used} / {size} トークン</translation>
    </message>
    <message>
        <source>The system prompt, the conversation and your message, in the model&apos;s tokens</source>
        <translation>システムプロンプト、会話、メッセージ（モデルのトークン数）</translation>
    </message>
    <message>
        <source>This does not fit whole: it needs {used} tokens and the context holds {size}, so the oldest messages will be left out of the request.</source>
        <translation>全体は収まりません。{used} トークンが必要ですが、コンテキストは {size} トークンのため、古いメッセージがリクエストから除外されます。</translation>
    </message>
    <message>
        <source>This message does not fit even without the earlier messages: with the system prompt it needs {floor} tokens and the context holds {size}. Shorten it or load the model with a larger context.</source>
        <translation>このメッセージは以前のメッセージを除いても収まりません。システムプロンプトを含めて {floor} トークンが必要ですが、コンテキストは {size} トークンです。メッセージを短くするか、より大きなコンテキストでモデルを読み込んでください。</translation>
    </message>
    <message>
        <source>Sending now needs {used} tokens, but the context holds {size}. Shorten the message, start a new conversation, or let the chat drop the oldest messages (Inspector &gt; Context).</source>
        <translation>今送信するには {used} トークンが必要ですが、コンテキストには {size} トークンしか入りません。メッセージを短くするか、新しい会話を始めるか、古いメッセージを除外するよう設定してください（インスペクター &gt; コンテキスト）。</translation>
    </message>
    <message>
        <source>The context is nearly full: {left} tokens are left for this answer and what follows.</source>
        <translation>コンテキストがほぼいっぱいです。この回答とその後に使えるのは残り {left} トークンです。</translation>
    </message>
</context>
<context>
    <name>ContextSettings</name>
    <message>
        <source>Thinking budget</source>
        <translation>思考予算</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>無制限</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> トークン</translation>
    </message>
    <message>
        <source>How many tokens the model may think before it must answer.</source>
        <translation>回答する前にモデルが思考に使えるトークン数です。</translation>
    </message>
    <message>
        <source>When the context is full</source>
        <translation>コンテキストがいっぱいになったとき</translation>
    </message>
    <message>
        <source>Stop and say so</source>
        <translation>停止して知らせる</translation>
    </message>
    <message>
        <source>Drop the oldest messages</source>
        <translation>古いメッセージから除外</translation>
    </message>
    <message>
        <source>Dropping leaves the oldest messages out of the request (never the system prompt) until it fits; the conversation itself keeps them.</source>
        <translation>除外を選ぶと、収まるまで古いメッセージからリクエストに含めなくなります（システムプロンプトは除外しません）。会話自体にはメッセージが残ります。</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>コンテキスト</translation>
    </message>
</context>
<context>
    <name>ConversationList</name>
    <message>
        <source>Search conversations</source>
        <translation>会話を検索</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>会話</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>新しい会話</translation>
    </message>
    <message>
        <source>Rename the conversation</source>
        <translation>この会話の名前を変更</translation>
    </message>
    <message>
        <source>Delete the conversation</source>
        <translation>この会話を削除</translation>
    </message>
    <message>
        <source>Export the conversation</source>
        <translation>この会話をエクスポート</translation>
    </message>
    <message numerus="yes">
        <source>{when} · %n message(s)</source>
        <translation>
            <numerusform>{when} · %n 件のメッセージ</numerusform>
        </translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation>会話の名前を変更</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>タイトル:</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>会話を削除</translation>
    </message>
    <message>
        <source>Delete “{title}” and all its messages?</source>
        <translation>「{title}」とそのすべてのメッセージを削除しますか？</translation>
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
        <translation>会話をエクスポート</translation>
    </message>
</context>
<context>
    <name>ConversationView</name>
    <message>
        <source>Conversation</source>
        <translation>会話</translation>
    </message>
    <message>
        <source>You</source>
        <translation>あなた</translation>
    </message>
    <message>
        <source>System</source>
        <translation>システム</translation>
    </message>
    <message>
        <source>Assistant ({model})</source>
        <translation>アシスタント（{model}）</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>アシスタント</translation>
    </message>
    <message>
        <source>Thinking… ({count} characters)</source>
        <translation>思考中…（{count} 文字）</translation>
    </message>
    <message>
        <source>Reasoning ({count} characters)</source>
        <translation>推論（{count} 文字）</translation>
    </message>
    <message>
        <source>code</source>
        <translation>コード</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>編集</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>再生成</translation>
    </message>
    <message>
        <source>{rate:.1f} tokens/s</source>
        <translation>{rate:.1f} トークン/秒</translation>
    </message>
    <message>
        <source>first token {ms:.0f} ms</source>
        <translation>最初のトークン {ms:.0f} ms</translation>
    </message>
    <message>
        <source>{n} tokens</source>
        <translation>{n} トークン</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>作成中…</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>停止しました。</translation>
    </message>
</context>
<context>
    <name>DeviceMemoryBar</name>
    <message>
        <source>Memory of {device}</source>
        <translation>{device} のメモリ</translation>
    </message>
    <message>
        <source>Plan {plan} of {usable} usable ({free} free of {total})</source>
        <translation>計画 {plan} / 利用可能 {usable}（空き {free} / 合計 {total}）</translation>
    </message>
    <message>
        <source>Includes a prompt cache of {cache} that fills with use</source>
        <translation>使用に応じて埋まる {cache} のプロンプトキャッシュを含みます</translation>
    </message>
    <message>
        <source>{over} over budget</source>
        <translation>予算超過 {over}</translation>
    </message>
    <message>
        <source>Models staying loaded hold {taken}</source>
        <translation>読み込まれたままのモデルが {taken} を使用</translation>
    </message>
    <message>
        <source>Engine allocated {actual} (predicted {plan})</source>
        <translation>エンジンの確保量 {actual}（予測 {plan}）</translation>
    </message>
    <message>
        <source>In use now: {live}</source>
        <translation>現在の使用量: {live}</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>重み</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV キャッシュ</translation>
    </message>
    <message>
        <source>Compute buffers</source>
        <translation>計算バッファー</translation>
    </message>
    <message>
        <source>Output buffer and overhead</source>
        <translation>出力バッファーとオーバーヘッド</translation>
    </message>
    <message>
        <source>Prompt cache (fills with use)</source>
        <translation>プロンプトキャッシュ（使用に応じて増加）</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>予測</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>エンジン</translation>
    </message>
</context>
<context>
    <name>DeviceMemoryView</name>
    <message>
        <source>Looking for devices…</source>
        <translation>デバイスを探しています…</translation>
    </message>
    <message>
        <source>Device memory</source>
        <translation>デバイスのメモリ</translation>
    </message>
    <message>
        <source>The loaded model&apos;s engine holds {size} of RAM.</source>
        <translation>読み込まれたモデルのエンジンが {size} の RAM を使用しています。</translation>
    </message>
    <message>
        <source>The engine could not be started:
{detail}</source>
        <translation>エンジンを起動できませんでした:
{detail}</translation>
    </message>
    <message>
        <source>{name}: {free} of {total} MiB free</source>
        <translation>{name}: 空き {free} / {total} MiB</translation>
    </message>
    <message>
        <source>No GPU found: models run on the CPU.</source>
        <translation>GPU が見つかりません: モデルは CPU で実行されます。</translation>
    </message>
    <message>
        <source>{name}: {free} of {total} free</source>
        <translation>{name}: {total} 中 {free} 空き</translation>
    </message>
</context>
<context>
    <name>DeviceSharesBar</name>
    <message>
        <source>Loaded models on {device}</source>
        <translation>{device} に読み込まれたモデル</translation>
    </message>
    <message>
        <source>{model}: {predicted} predicted</source>
        <translation>{model}: 予測 {predicted}</translation>
    </message>
    <message>
        <source>{model}: {predicted} predicted ({cache} of it a prompt cache that fills with use), {allocated} allocated</source>
        <translation>{model}: 予測 {predicted}（うち {cache} は使用につれて埋まるプロンプトキャッシュ）、確保 {allocated}</translation>
    </message>
    <message>
        <source>{model}: {predicted} predicted, {allocated} allocated</source>
        <translation>{model}: 予測 {predicted}、確保 {allocated}</translation>
    </message>
    <message>
        <source>Together {predicted} of {total}</source>
        <translation>合計 {total} 中 {predicted}</translation>
    </message>
</context>
<context>
    <name>DiscoverPage</name>
    <message>
        <source>Search GGUF models, e.g. qwen3 or llama 8b</source>
        <translation>GGUF モデルを検索（例: qwen3、llama 8b）</translation>
    </message>
    <message>
        <source>Search text</source>
        <translation>検索テキスト</translation>
    </message>
    <message>
        <source>Sort results by</source>
        <translation>結果の並べ替え</translation>
    </message>
    <message>
        <source>Most downloaded</source>
        <translation>ダウンロード数順</translation>
    </message>
    <message>
        <source>Most liked</source>
        <translation>いいね数順</translation>
    </message>
    <message>
        <source>Recently updated</source>
        <translation>最近の更新順</translation>
    </message>
    <message>
        <source>Trending</source>
        <translation>トレンド</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>検索</translation>
    </message>
    <message>
        <source>Search results</source>
        <translation>検索結果</translation>
    </message>
    <message>
        <source>Filter these results</source>
        <translation>この結果を絞り込む</translation>
    </message>
    <message>
        <source>Filter the search results</source>
        <translation>検索結果を絞り込む</translation>
    </message>
    <message>
        <source>Load more</source>
        <translation>さらに読み込む</translation>
    </message>
    <message>
        <source>Choose a repository to see its files.</source>
        <translation>リポジトリを選ぶとファイルが表示されます。</translation>
    </message>
    <message>
        <source>Files of the repository</source>
        <translation>リポジトリのファイル</translation>
    </message>
    <message>
        <source>Include the vision projector (mmproj)</source>
        <translation>ビジョンプロジェクター（mmproj）を含める</translation>
    </message>
    <message>
        <source>Download into</source>
        <translation>ダウンロード先</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>ダウンロード</translation>
    </message>
    <message>
        <source>Into:</source>
        <translation>保存先:</translation>
    </message>
    <message>
        <source>Hugging Face cache</source>
        <translation>Hugging Face のキャッシュ</translation>
    </message>
    <message>
        <source>No GGUF repositories match “{query}”.</source>
        <translation>「{query}」に一致する GGUF リポジトリはありません。</translation>
    </message>
    <message>
        <source>Loading {repo}…</source>
        <translation>{repo} を読み込み中…</translation>
    </message>
    <message>
        <source>License: {license}</source>
        <translation>ライセンス: {license}</translation>
    </message>
    <message>
        <source>Based on {model}</source>
        <translation>ベースモデル: {model}</translation>
    </message>
    <message>
        <source>Gated: downloading needs a Hugging Face token with access (Settings).</source>
        <translation>アクセス制限あり: ダウンロードにはアクセス権のある Hugging Face トークンが必要です（設定）。</translation>
    </message>
    <message>
        <source>The model card has no summary.</source>
        <translation>モデルカードに概要がありません。</translation>
    </message>
    <message>
        <source>This repository has no GGUF model files.</source>
        <translation>このリポジトリには GGUF モデルファイルがありません。</translation>
    </message>
    <message>
        <source>The repository could not be opened.</source>
        <translation>リポジトリを開けませんでした。</translation>
    </message>
    <message>
        <source>Nothing to show without the Hugging Face Hub. Search again once you are online; the models already on this computer are in the Library.</source>
        <translation>Hugging Face Hub に接続できないため表示するものがありません。オンラインになったらもう一度検索してください。このコンピューターにあるモデルはライブラリにあります。</translation>
    </message>
    <message>
        <source> + vision projector</source>
        <translation> + ビジョンプロジェクター</translation>
    </message>
</context>
<context>
    <name>DocumentsBar</name>
    <message>
        <source>Document…</source>
        <translation>ドキュメント…</translation>
    </message>
    <message>
        <source>Attach documents</source>
        <translation>ドキュメントを添付</translation>
    </message>
    <message>
        <source>Attach PDF, Markdown, text, HTML or Word (.docx) files to this conversation; answers cite the pages they used. You can also drop them on the message box.</source>
        <translation>PDF、Markdown、テキスト、HTML、Word（.docx）ファイルをこの会話に添付します。回答には参照したページが引用されます。メッセージ欄にドロップして添付することもできます。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Stop indexing the documents</source>
        <translation>ドキュメントのインデックス作成を停止</translation>
    </message>
    <message>
        <source>Documents ({patterns})</source>
        <translation>ドキュメント ({patterns})</translation>
    </message>
    <message>
        <source>Reading the documents…</source>
        <translation>ドキュメントを読み込み中…</translation>
    </message>
    <message>
        <source>Reading {name}…</source>
        <translation>{name} を読み込み中…</translation>
    </message>
    <message>
        <source>Indexing {name}: {done} of {total} passages</source>
        <translation>{name} のインデックスを作成中: パッセージ {total} 個中 {done} 個</translation>
    </message>
    <message numerus="yes">
        <source>%n page(s)</source>
        <translation>
            <numerusform>%n ページ</numerusform>
        </translation>
    </message>
    <message>
        <source>{passages} passages indexed</source>
        <translation>{passages} 個のパッセージのインデックスを作成済み</translation>
    </message>
    <message>
        <source>Remove {name}</source>
        <translation>{name} を外す</translation>
    </message>
</context>
<context>
    <name>DocumentsSection</name>
    <message>
        <source>Documents</source>
        <translation>ドキュメント</translation>
    </message>
    <message>
        <source>Embedding model</source>
        <translation>埋め込みモデル</translation>
    </message>
    <message>
        <source>Attached documents are searched with this model. The chat model embeds with its own engine; another model is loaded beside it and shown in the memory panel.</source>
        <translation>添付したドキュメントはこのモデルで検索されます。チャットモデルは自身のエンジンで埋め込みを行います。ほかのモデルはチャットモデルと並べて読み込まれ、メモリパネルに表示されます。</translation>
    </message>
    <message>
        <source>The chat model</source>
        <translation>チャットモデル</translation>
    </message>
</context>
<context>
    <name>DownloadPanel</name>
    <message>
        <source>Downloads</source>
        <translation>ダウンロード</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>一時停止</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>再開</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>キャンセル</translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation>完了した項目を消去</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>読み込む…</translation>
    </message>
</context>
<context>
    <name>DownloadsModel</name>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>進捗</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>速度</translation>
    </message>
    <message>
        <source>Time left</source>
        <translation>残り時間</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>ステータス</translation>
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
        <translation>このコンピューター用のエンジンをビルド</translation>
    </message>
    <message>
        <source>GGUF Studio compiles llama.cpp&apos;s llama-server from source for this computer. This takes 15 to 40 minutes and needs a C++ compiler; the app stays usable.</source>
        <translation>GGUF Studio は、llama.cpp の llama-server をこのコンピューター向けにソースからコンパイルします。15〜40 分かかり、C++ コンパイラーが必要です。その間もアプリは使えます。</translation>
    </message>
    <message>
        <source>Engine variant</source>
        <translation>エンジンのバリアント</translation>
    </message>
    <message>
        <source>For this CPU (fastest)</source>
        <translation>この CPU 向け（最速）</translation>
    </message>
    <message>
        <source>For any x86-64 CPU (portable, slower to build)</source>
        <translation>任意の x86-64 CPU 向け（汎用、ビルドに時間がかかる）</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>未開始</translation>
    </message>
    <message>
        <source>Build progress</source>
        <translation>ビルドの進捗</translation>
    </message>
    <message>
        <source>Build log</source>
        <translation>ビルドログ</translation>
    </message>
    <message>
        <source>Build</source>
        <translation>ビルド</translation>
    </message>
    <message>
        <source>Cancel build</source>
        <translation>ビルドをキャンセル</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>閉じる</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>開始中…</translation>
    </message>
    <message numerus="yes">
        <source>about %n minute(s) left</source>
        <translation>
            <numerusform>残り約 %n 分</numerusform>
        </translation>
    </message>
    <message>
        <source>less than a minute left</source>
        <translation>残り 1 分未満</translation>
    </message>
    <message>
        <source>Getting the llama.cpp source…</source>
        <translation>llama.cpp のソースを取得中…</translation>
    </message>
    <message>
        <source>Configuring…</source>
        <translation>構成中…</translation>
    </message>
    <message>
        <source>Compiling</source>
        <translation>コンパイル中</translation>
    </message>
    <message>
        <source>Installing…</source>
        <translation>インストール中…</translation>
    </message>
    <message>
        <source>Testing the new engine on this CPU…</source>
        <translation>新しいエンジンをこの CPU でテスト中…</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完了</translation>
    </message>
    <message>
        <source>The new engine runs on this CPU and is used from now on: {path}</source>
        <translation>新しいエンジンはこの CPU で動作し、今後はこれが使われます: {path}</translation>
    </message>
</context>
<context>
    <name>EngineBuildOffer</name>
    <message>
        <source>No llama-server was found.</source>
        <translation>llama-server が見つかりませんでした。</translation>
    </message>
    <message>
        <source>No engine runs on this computer</source>
        <translation>このコンピューターで動作するエンジンがありません</translation>
    </message>
    <message>
        <source>None of the llama-server engines found can run models on this CPU.</source>
        <translation>見つかった llama-server エンジンはいずれも、この CPU ではモデルを実行できません。</translation>
    </message>
    <message>
        <source>Build one for this computer now (15 to 40 minutes)?</source>
        <translation>今すぐこのコンピューター用にビルドしますか（15〜40 分）？</translation>
    </message>
    <message>
        <source>Build engine</source>
        <translation>エンジンをビルド</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>後で</translation>
    </message>
</context>
<context>
    <name>EngineStatus</name>
    <message>
        <source>Engine: llama-server {version} ({source})</source>
        <translation>エンジン: llama-server {version}（{source}）</translation>
    </message>
    <message>
        <source>Engine unavailable</source>
        <translation>エンジンを利用できません</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <source>Online &amp;help</source>
        <translation>オンラインヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About GGUF Studio</source>
        <translation>GGUF Studio について(&amp;A)</translation>
    </message>
    <message>
        <source>llama-server {version} ({source})</source>
        <translation>llama-server {version}（{source}）</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>利用できません</translation>
    </message>
    <message>
        <source>Engine: {engine}</source>
        <translation>エンジン: {engine}</translation>
    </message>
    <message>
        <source>Licence: {licence}</source>
        <translation>ライセンス: {licence}</translation>
    </message>
    <message>
        <source>About GGUF Studio</source>
        <translation>GGUF Studio について</translation>
    </message>
</context>
<context>
    <name>ImageAttachButton</name>
    <message>
        <source>Image…</source>
        <translation>画像…</translation>
    </message>
    <message>
        <source>Attach images</source>
        <translation>画像を添付</translation>
    </message>
    <message>
        <source>Attach images (PNG, JPEG, WebP); you can also drop or paste them</source>
        <translation>画像を添付（PNG、JPEG、WebP）。ドロップや貼り付けでも追加できます</translation>
    </message>
    <message>
        <source>Images (*.png *.jpg *.jpeg *.webp)</source>
        <translation>画像 (*.png *.jpg *.jpeg *.webp)</translation>
    </message>
</context>
<context>
    <name>ImageDropFilter</name>
    <message>
        <source>dropped image</source>
        <translation>ドロップした画像</translation>
    </message>
    <message>
        <source>pasted image</source>
        <translation>貼り付けた画像</translation>
    </message>
</context>
<context>
    <name>Inspector</name>
    <message>
        <source>Inspector</source>
        <translation>インスペクター</translation>
    </message>
    <message>
        <source>Hide the inspector</source>
        <translation>インスペクターを隠す</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>メモリ</translation>
    </message>
</context>
<context>
    <name>LayerSpinBox</name>
    <message>
        <source>{n} layers + output</source>
        <translation>{n} 層 + 出力層</translation>
    </message>
    <message>
        <source>{n} layers</source>
        <translation>{n} 層</translation>
    </message>
</context>
<context>
    <name>LibraryModel</name>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>アーキテクチャ</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>パラメーター</translation>
    </message>
    <message>
        <source>Quant</source>
        <translation>量子化</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>コンテキスト</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>場所</translation>
    </message>
    <message>
        <source>Name in the file: {name}</source>
        <translation>ファイル内の名前: {name}</translation>
    </message>
    <message>
        <source>HF cache: {repo}</source>
        <translation>HF キャッシュ: {repo}</translation>
    </message>
    <message>
        <source>{name} ({count} parts)</source>
        <translation>{name}（{count} 分割）</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>読み込めません</translation>
    </message>
    <message>
        <source>{arch} (vision projector)</source>
        <translation>{arch}（ビジョンプロジェクター）</translation>
    </message>
</context>
<context>
    <name>LibraryPage</name>
    <message>
        <source>Filter by name, architecture, quant…</source>
        <translation>名前、アーキテクチャ、量子化で絞り込み…</translation>
    </message>
    <message>
        <source>Filter the models</source>
        <translation>モデルを絞り込む</translation>
    </message>
    <message>
        <source>Models on this computer</source>
        <translation>このコンピューター上のモデル</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>読み込む…</translation>
    </message>
    <message>
        <source>Rescan</source>
        <translation>再スキャン</translation>
    </message>
    <message>
        <source>Import a GGUF file…</source>
        <translation>GGUF ファイルをインポート…</translation>
    </message>
    <message>
        <source>Show in file manager</source>
        <translation>ファイルマネージャーで表示</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>削除…</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>フォルダーを追加…</translation>
    </message>
    <message>
        <source>Watch a folder for GGUF models; Settings lists the folders watched.</source>
        <translation>フォルダー内の GGUF モデルを監視します。監視中のフォルダーは設定に一覧表示されます。</translation>
    </message>
    <message>
        <source>Import a GGUF model</source>
        <translation>GGUF モデルをインポート</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF モデル (*.gguf)</translation>
    </message>
    <message>
        <source>Add a folder of GGUF models</source>
        <translation>GGUF モデルのフォルダーを追加</translation>
    </message>
    <message>
        <source>It is removed from the Hugging Face cache, for every app that uses it.</source>
        <translation>Hugging Face のキャッシュから削除され、これを使うすべてのアプリから見えなくなります。</translation>
    </message>
    <message>
        <source>The file is deleted from disk.</source>
        <translation>ファイルはディスクから削除されます。</translation>
    </message>
    <message>
        <source>Delete model</source>
        <translation>モデルを削除</translation>
    </message>
    <message>
        <source>Delete {name} ({size})?
{where}</source>
        <translation>{name}（{size}）を削除しますか？
{where}</translation>
    </message>
    <message>
        <source>No GGUF models yet: download one in Discover, import a file or add a folder.</source>
        <translation>GGUF モデルはまだありません。「見つける」でダウンロードするか、ファイルをインポートするか、フォルダーを追加してください。</translation>
    </message>
    <message>
        <source>Imported {name}.</source>
        <translation>{name} をインポートしました。</translation>
    </message>
    <message>
        <source>Deleted {name}.</source>
        <translation>{name} を削除しました。</translation>
    </message>
</context>
<context>
    <name>LiveMemoryLabel</name>
    <message>
        <source>Memory in use</source>
        <translation>使用中のメモリ</translation>
    </message>
    <message>
        <source>RAM {used}/{total}</source>
        <translation>RAM {used}/{total}</translation>
    </message>
    <message>
        <source>engine {rss}</source>
        <translation>エンジン {rss}</translation>
    </message>
</context>
<context>
    <name>LoadDialog</name>
    <message>
        <source>Load {model}</source>
        <translation>{model} を読み込む</translation>
    </message>
    <message>
        <source>System RAM</source>
        <translation>システム RAM</translation>
    </message>
    <message>
        <source>Why the plan looks like this</source>
        <translation>この計画になった理由</translation>
    </message>
    <message>
        <source>Command that will run:</source>
        <translation>実行されるコマンド:</translation>
    </message>
    <message>
        <source>Command that will run, API key redacted</source>
        <translation>実行されるコマンド（API キーは伏せ字）</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>読み込む</translation>
    </message>
    <message>
        <source>Close without loading</source>
        <translation>読み込まずに閉じる</translation>
    </message>
    <message>
        <source>Benchmark…</source>
        <translation>ベンチマーク…</translation>
    </message>
    <message>
        <source>Measure this plan and variants of it</source>
        <translation>このプランとそのバリエーションを測定</translation>
    </message>
    <message>
        <source>{arch}, {params:.1f} B parameters, {layers} layers</source>
        <translation>{arch}、パラメーター {params:.1f} B、{layers} レイヤー</translation>
    </message>
    <message>
        <source>trained context {ctx}</source>
        <translation>学習時のコンテキスト {ctx}</translation>
    </message>
    <message>
        <source>MoE: {used} of {experts} experts</source>
        <translation>MoE: {experts} エキスパート中 {used}</translation>
    </message>
    <message>
        <source>Devices and layers</source>
        <translation>デバイスとレイヤー</translation>
    </message>
    <message>
        <source>No GPU: the model runs on the CPU.</source>
        <translation>GPU なし: モデルは CPU で動作します。</translation>
    </message>
    <message>
        <source>Layers whose experts stay on the CPU</source>
        <translation>エキスパートを CPU に残すレイヤー</translation>
    </message>
    <message>
        <source>MoE experts on CPU</source>
        <translation>CPU 上の MoE エキスパート</translation>
    </message>
    <message>
        <source>Tensor parallel (split every layer)</source>
        <translation>テンソル並列（各レイヤーを分割）</translation>
    </message>
    <message>
        <source>Tensor parallelism</source>
        <translation>テンソル並列</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>コンテキスト</translation>
    </message>
    <message>
        <source>Context length in tokens</source>
        <translation>トークン単位のコンテキスト長</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> トークン</translation>
    </message>
    <message>
        <source>&amp;Auto fit</source>
        <translation>自動調整(&amp;A)</translation>
    </message>
    <message>
        <source>Choose the largest context and placement that fit</source>
        <translation>収まる最大のコンテキストと配置を選ぶ</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>オプション</translation>
    </message>
    <message>
        <source>K cache type</source>
        <translation>K キャッシュの型</translation>
    </message>
    <message>
        <source>V cache type</source>
        <translation>V キャッシュの型</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV キャッシュ</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Flash attention</translation>
    </message>
    <message>
        <source>Parallel slots</source>
        <translation>並列スロット</translation>
    </message>
    <message>
        <source>Vision projector (mmproj)</source>
        <translation>ビジョンプロジェクター（mmproj）</translation>
    </message>
    <message>
        <source>Load the vision projector</source>
        <translation>ビジョンプロジェクターを読み込む</translation>
    </message>
    <message>
        <source>Speculative decoding with the model&apos;s MTP layers</source>
        <translation>モデルの MTP レイヤーによる投機的デコーディング</translation>
    </message>
    <message>
        <source>MTP speculative decoding</source>
        <translation>MTP 投機的デコーディング</translation>
    </message>
    <message>
        <source>Small model</source>
        <translation>小さいモデル</translation>
    </message>
    <message>
        <source>MTP head</source>
        <translation>MTP ヘッド</translation>
    </message>
    <message>
        <source>How the draft file drafts</source>
        <translation>ドラフトファイルの下書き方法</translation>
    </message>
    <message>
        <source>No draft model</source>
        <translation>ドラフトモデルなし</translation>
    </message>
    <message>
        <source>Draft model…</source>
        <translation>ドラフトモデル…</translation>
    </message>
    <message>
        <source>Choose a small model for speculative decoding</source>
        <translation>投機的デコーディング用の小さいモデルを選択</translation>
    </message>
    <message>
        <source>No draft</source>
        <translation>ドラフトなし</translation>
    </message>
    <message>
        <source>Stop using the draft model</source>
        <translation>ドラフトモデルの使用をやめる</translation>
    </message>
    <message>
        <source>Draft model</source>
        <translation>ドラフトモデル</translation>
    </message>
    <message>
        <source>Safety margins</source>
        <translation>安全余裕</translation>
    </message>
    <message>
        <source>Memory each device keeps free for other programs and allocations no estimate sees. The bars&apos; dashed line is free memory less this margin.</source>
        <translation>他のプログラムや、見積もりでは把握できない確保のために各デバイスで空けておくメモリ。バーの破線は、空きメモリからこの余裕分を引いた位置です。</translation>
    </message>
    <message>
        <source>Safety margin of {device}</source>
        <translation>{device} の安全余裕</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source>{file} cannot be used: {reason}</source>
        <translation>{file} は使用できません: {reason}</translation>
    </message>
    <message>
        <source>Load anyway…</source>
        <translation>それでも読み込む…</translation>
    </message>
    <message>
        <source>Loading unloads {models} to make room.</source>
        <translation>読み込むと、空きを作るために {models} をアンロードします。</translation>
    </message>
    <message>
        <source>Loads beside {models}; nothing is unloaded.</source>
        <translation>{models} と並べて読み込みます。アンロードされるものはありません。</translation>
    </message>
    <message>
        <source>Even so, the models that stay leave too little room.</source>
        <translation>それでも、残るモデルのせいで空きが足りません。</translation>
    </message>
    <message>
        <source>All {blocks} layers + output on the CPU</source>
        <translation>{blocks} 層すべて + 出力層を CPU で実行</translation>
    </message>
    <message>
        <source>{layers} of {blocks} layers on the CPU</source>
        <translation>{blocks} 層中 {layers} 層を CPU で実行</translation>
    </message>
    <message>
        <source>Every layer is split over the devices ({split}).</source>
        <translation>各レイヤーをデバイスに分割します（{split}）。</translation>
    </message>
    <message>
        <source>Experts of {n} of {max} layers on the CPU ({moved} moved to RAM); each step moves {step}.</source>
        <translation>{max} レイヤー中 {n} レイヤーのエキスパートを CPU に配置（{moved} を RAM へ移動）。1 段階ごとに {step} 移動します。</translation>
    </message>
    <message>
        <source>Every layer is split over all enabled devices.</source>
        <translation>各レイヤーを有効なすべてのデバイスに分割します。</translation>
    </message>
    <message>
        <source> (automatic)</source>
        <translation>（自動）</translation>
    </message>
    <message>
        <source>No context fits with this placement.</source>
        <translation>この配置では、どのコンテキストも収まりません。</translation>
    </message>
    <message>
        <source>Largest that fits: {largest}</source>
        <translation>収まる最大値: {largest}</translation>
    </message>
    <message>
        <source>{ctx} tokens{automatic}; trained {trained}. {marker}</source>
        <translation>{ctx} トークン{automatic}、学習時 {trained}。{marker}</translation>
    </message>
    <message>
        <source>{file}: {size}</source>
        <translation>{file}: {size}</translation>
    </message>
    <message>
        <source>{file} ({size}), drafting {n} tokens</source>
        <translation>{file}（{size}）、{n} トークンを下書き</translation>
    </message>
    <message>
        <source>The model&apos;s own MTP layers draft tokens; their KV is reserved.</source>
        <translation>モデル自身の MTP レイヤーがトークンを下書きします。その KV は確保済みです。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Fits.&lt;/b&gt;</source>
        <translation>&lt;b&gt;収まります。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Fits once the models named above are unloaded.&lt;/b&gt;</source>
        <translation>&lt;b&gt;上記のモデルをアンロードすれば収まります。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Does not fit.</source>
        <translation>収まりません。</translation>
    </message>
</context>
<context>
    <name>LoadFlow</name>
    <message>
        <source>Open a GGUF model</source>
        <translation>GGUF モデルを開く</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF モデル (*.gguf)</translation>
    </message>
    <message>
        <source>Cannot load the model</source>
        <translation>モデルを読み込めません</translation>
    </message>
</context>
<context>
    <name>LoadedMemoryPanel</name>
    <message>
        <source>Memory of the loaded model</source>
        <translation>読み込んだモデルのメモリ</translation>
    </message>
    <message>
        <source>No model loaded.</source>
        <translation>モデルが読み込まれていません。</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) loaded: predicted (bar) and allocated (strip) per device</source>
        <translation>
            <numerusform>読み込み済みのモデル %n 個: デバイスごとの予測（バー）と確保（帯）</numerusform>
        </translation>
    </message>
    <message>
        <source>Predicted; waiting for the engine to report.</source>
        <translation>予測値です。エンジンからの報告を待っています。</translation>
    </message>
    <message>
        <source>The load failed: the prediction is shown, the engine allocated nothing.</source>
        <translation>読み込みに失敗しました。予測を表示しています。エンジンは何も確保していません。</translation>
    </message>
    <message>
        <source>The engine allocated {ratio:.0%} of the predicted buffers.</source>
        <translation>エンジンは予測したバッファーの {ratio:.0%} を確保しました。</translation>
    </message>
    <message>
        <source>The engine&apos;s log reports no buffer sizes (it needs -lv 4).</source>
        <translation>エンジンのログにバッファーサイズがありません（-lv 4 が必要です）。</translation>
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
        <translation>モデル(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>ヘルプ(&amp;H)</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>チャット</translation>
    </message>
    <message>
        <source>Load a model to start a conversation.</source>
        <translation>会話を始めるにはモデルを読み込んでください。</translation>
    </message>
    <message>
        <source>Discover</source>
        <translation>見つける</translation>
    </message>
    <message>
        <source>Search Hugging Face for GGUF models and see whether they fit.</source>
        <translation>Hugging Face で GGUF モデルを検索し、収まるかどうかを確認します。</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>ライブラリ</translation>
    </message>
    <message>
        <source>The GGUF models on this computer.</source>
        <translation>このコンピューター上の GGUF モデル。</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>サーバー</translation>
    </message>
    <message>
        <source>The llama-server engine, its state and log.</source>
        <translation>llama-server エンジン、その状態とログ。</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>設定</translation>
    </message>
    <message>
        <source>Engine, model folders and appearance.</source>
        <translation>エンジン、モデルフォルダー、外観。</translation>
    </message>
    <message>
        <source>Engine: probing…</source>
        <translation>エンジン: 確認中…</translation>
    </message>
</context>
<context>
    <name>McpServerEditor</name>
    <message>
        <source>Add an MCP server</source>
        <translation>MCP サーバーを追加</translation>
    </message>
    <message>
        <source>Edit the MCP server</source>
        <translation>MCP サーバーを編集</translation>
    </message>
    <message>
        <source>Server name</source>
        <translation>サーバー名</translation>
    </message>
    <message>
        <source>files</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名前</translation>
    </message>
    <message>
        <source>A program on this computer (stdio)</source>
        <translation>このコンピューター上のプログラム（stdio）</translation>
    </message>
    <message>
        <source>A web address (streamable HTTP)</source>
        <translation>Web アドレス（Streamable HTTP）</translation>
    </message>
    <message>
        <source>Runs as</source>
        <translation>実行方法</translation>
    </message>
    <message>
        <source>What is wrong with the server</source>
        <translation>サーバーの問題点</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>コマンド</translation>
    </message>
    <message>
        <source>One argument per line, e.g.
-y
@modelcontextprotocol/server-filesystem</source>
        <translation>1 行に 1 つの引数。例:
-y
@modelcontextprotocol/server-filesystem</translation>
    </message>
    <message>
        <source>Arguments, one per line</source>
        <translation>引数（1 行に 1 つ）</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>引数</translation>
    </message>
    <message>
        <source>KEY=VALUE, one per line</source>
        <translation>KEY=VALUE（1 行に 1 つ）</translation>
    </message>
    <message>
        <source>Environment variables, KEY=VALUE, one per line</source>
        <translation>環境変数（KEY=VALUE、1 行に 1 つ）</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>環境変数</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>サーバー URL</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Name: value, one per line, e.g.
Authorization: Bearer …</source>
        <translation>名前: 値 を 1 行に 1 つ。例:
Authorization: Bearer …</translation>
    </message>
    <message>
        <source>Headers, Name: value, one per line</source>
        <translation>ヘッダー（名前: 値、1 行に 1 つ）</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>ヘッダー</translation>
    </message>
</context>
<context>
    <name>McpServersSection</name>
    <message>
        <source>Tool servers (MCP)</source>
        <translation>ツールサーバー（MCP）</translation>
    </message>
    <message>
        <source>Programs and web services whose tools models may call, through the Model Context Protocol. Only enabled servers run; each call is yours to allow.</source>
        <translation>Model Context Protocol を通じて、モデルがツールを呼び出せるプログラムや Web サービスです。実行されるのは有効なサーバーだけで、呼び出しごとに許可するかどうかを選べます。</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP サーバー</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>サーバー</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>実行内容</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>MCP server columns</source>
        <translation>MCP サーバーの列</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>追加…</translation>
    </message>
    <message>
        <source>Add an MCP server</source>
        <translation>MCP サーバーを追加</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>編集…</translation>
    </message>
    <message>
        <source>Edit the selected MCP server</source>
        <translation>選択した MCP サーバーを編集</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Remove the selected MCP server</source>
        <translation>選択した MCP サーバーを削除</translation>
    </message>
    <message>
        <source>Import mcp.json…</source>
        <translation>mcp.json をインポート…</translation>
    </message>
    <message>
        <source>Import the MCP servers of an mcp.json file (Claude Desktop, Cursor, LM Studio)</source>
        <translation>mcp.json ファイル（Claude Desktop、Cursor、LM Studio）の MCP サーバーをインポート</translation>
    </message>
    <message>
        <source>What the last change of the MCP servers did</source>
        <translation>MCP サーバーへの直前の変更の結果</translation>
    </message>
    <message>
        <source>When checked, {name} runs and models may use its tools.</source>
        <translation>オンにすると {name} が実行され、モデルがそのツールを使えるようになります。</translation>
    </message>
    <message>
        <source>No MCP servers yet: add one, or import the mcp.json of Claude Desktop, Cursor or LM Studio.</source>
        <translation>MCP サーバーはまだありません。追加するか、Claude Desktop、Cursor、LM Studio の mcp.json をインポートしてください。</translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform> ほか %n 個</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ready: %n tool(s)</source>
        <translation>
            <numerusform>準備完了: ツール %n 個</numerusform>
        </translation>
    </message>
    <message>
        <source>The server offers no tools.</source>
        <translation>このサーバーはツールを提供していません。</translation>
    </message>
    <message>
        <source>Failed: {reason}</source>
        <translation>失敗: {reason}</translation>
    </message>
    <message>
        <source>Starting again after a crash…</source>
        <translation>クラッシュ後に再起動中…</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>開始中…</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>オフ</translation>
    </message>
    <message>
        <source>Disabled: this server does not run.</source>
        <translation>無効: このサーバーは実行されません。</translation>
    </message>
    <message>
        <source>Not started yet</source>
        <translation>未起動</translation>
    </message>
    <message>
        <source>It starts with the app.</source>
        <translation>アプリと一緒に起動します。</translation>
    </message>
    <message>
        <source>Remove MCP server</source>
        <translation>MCP サーバーを削除</translation>
    </message>
    <message>
        <source>Remove the MCP server {name}? Its tools will no longer be offered.</source>
        <translation>MCP サーバー {name} を削除しますか？そのツールは提供されなくなります。</translation>
    </message>
    <message>
        <source>Importing {path}…</source>
        <translation>{path} をインポート中…</translation>
    </message>
    <message>
        <source>Import MCP servers</source>
        <translation>MCP サーバーをインポート</translation>
    </message>
    <message>
        <source>MCP server lists (*.json);;All files (*)</source>
        <translation>MCP サーバーの一覧 (*.json);;すべてのファイル (*)</translation>
    </message>
    <message numerus="yes">
        <source>Added %n server(s): {names}.</source>
        <translation>
            <numerusform>%n 個のサーバーを追加しました: {names}。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replaced %n server(s) of the same name: {names}.</source>
        <translation>
            <numerusform>同じ名前のサーバー %n 個を置き換えました: {names}。</numerusform>
        </translation>
    </message>
    <message>
        <source>The file names no MCP servers.</source>
        <translation>このファイルには MCP サーバーが指定されていません。</translation>
    </message>
</context>
<context>
    <name>MemoryPanel</name>
    <message>
        <source>Memory per device</source>
        <translation>デバイスごとのメモリ</translation>
    </message>
    <message>
        <source>Used by others</source>
        <translation>他が使用中</translation>
    </message>
    <message>
        <source>Models loaded</source>
        <translation>読み込み済みのモデル</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>重み</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV キャッシュ</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>計算</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>オーバーヘッド</translation>
    </message>
    <message>
        <source>Prompt cache</source>
        <translation>プロンプトキャッシュ</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>予算</translation>
    </message>
    <message>
        <source>In use now</source>
        <translation>現在の使用量</translation>
    </message>
</context>
<context>
    <name>ModelList</name>
    <message>
        <source>Search the library</source>
        <translation>ライブラリを検索</translation>
    </message>
    <message>
        <source>Models in the library</source>
        <translation>ライブラリのモデル</translation>
    </message>
    <message>
        <source>Loaded</source>
        <translation>読み込み済み</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>読み込み中…</translation>
    </message>
    <message>
        <source>Unloading…</source>
        <translation>アンロード中…</translation>
    </message>
    <message>
        <source>Checking the fit…</source>
        <translation>収まるか確認中…</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>Choose a model</source>
        <translation>モデルを選択</translation>
    </message>
    <message>
        <source>Choose a model from the library</source>
        <translation>ライブラリからモデルを選択</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>読み込む…</translation>
    </message>
    <message>
        <source>Load the model</source>
        <translation>モデルを読み込む</translation>
    </message>
    <message>
        <source>Eject</source>
        <translation>取り出す</translation>
    </message>
    <message>
        <source>Eject the model</source>
        <translation>モデルを取り出す</translation>
    </message>
    <message>
        <source>Loading progress</source>
        <translation>読み込みの進行状況</translation>
    </message>
    <message>
        <source>Change load settings…</source>
        <translation>読み込み設定を変更…</translation>
    </message>
    <message>
        <source>Choose a model…</source>
        <translation>モデルを選択…</translation>
    </message>
    <message numerus="yes">
        <source>%n other model(s) loaded</source>
        <translation>
            <numerusform>ほかに %n 個のモデルを読み込み済み</numerusform>
        </translation>
    </message>
    <message>
        <source>{running} stays loaded; Load… loads this model beside it.</source>
        <translation>{running} は読み込まれたままです。「読み込む…」でこのモデルを並べて読み込みます。</translation>
    </message>
    <message>
        <source>Ready · {context} context</source>
        <translation>準備完了 · コンテキスト {context}</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>準備完了</translation>
    </message>
    <message>
        <source>Loading: reading the weights…</source>
        <translation>読み込み中: 重みを読み込み中…</translation>
    </message>
    <message>
        <source>Loading: creating the context…</source>
        <translation>読み込み中: コンテキストを作成中…</translation>
    </message>
    <message>
        <source>Loading: warming up…</source>
        <translation>読み込み中: ウォームアップ中…</translation>
    </message>
    <message>
        <source>Loading: almost ready…</source>
        <translation>読み込み中: まもなく完了…</translation>
    </message>
    <message>
        <source>Loading: starting the engine…</source>
        <translation>読み込み中: エンジンを起動中…</translation>
    </message>
    <message>
        <source>The engine stopped unexpectedly; restarting it…</source>
        <translation>エンジンが予期せず停止しました。再起動しています…</translation>
    </message>
    <message>
        <source>Ejecting…</source>
        <translation>取り出し中…</translation>
    </message>
    <message>
        <source>Could not load: {reason}</source>
        <translation>読み込めませんでした: {reason}</translation>
    </message>
    <message>
        <source>Not loaded: sending loads it, Load… opens its settings.</source>
        <translation>未読み込み。送信すると読み込まれます。「読み込む…」で設定を開きます。</translation>
    </message>
    <message>
        <source>Not loaded. Load opens its settings.</source>
        <translation>未読み込み。「読み込む」で設定を開きます。</translation>
    </message>
    <message>
        <source>No model loaded.</source>
        <translation>モデルが読み込まれていません。</translation>
    </message>
    <message>
        <source>No model loaded. Choose one from the library.</source>
        <translation>モデルが読み込まれていません。ライブラリから選んでください。</translation>
    </message>
</context>
<context>
    <name>PassageDialog</name>
    <message>
        <source>Cited passage</source>
        <translation>引用箇所</translation>
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
        <translation>{name} を外す</translation>
    </message>
    <message>
        <source>Remove this image</source>
        <translation>この画像を外す</translation>
    </message>
</context>
<context>
    <name>PresetBar</name>
    <message>
        <source>Preset</source>
        <translation>プリセット</translation>
    </message>
    <message>
        <source>Apply a preset&apos;s system prompt and sampling</source>
        <translation>プリセットのシステムプロンプトとサンプリングを適用</translation>
    </message>
    <message>
        <source>No preset</source>
        <translation>プリセットなし</translation>
    </message>
    <message>
        <source>Preset actions</source>
        <translation>プリセットの操作</translation>
    </message>
    <message>
        <source>Save, rename, delete, import or export presets</source>
        <translation>プリセットの保存、名前の変更、削除、インポート、エクスポート</translation>
    </message>
    <message>
        <source>Save this chat&apos;s system prompt and sampling as a preset to reuse them.</source>
        <translation>このチャットのシステムプロンプトとサンプリングをプリセットとして保存すると、再利用できます。</translation>
    </message>
    <message>
        <source>Changed since “{name}” was applied.</source>
        <translation>「{name}」を適用した後に変更されています。</translation>
    </message>
    <message>
        <source>New chats with {model} start from “{name}”.</source>
        <translation>{model} での新しいチャットは「{name}」から始まります。</translation>
    </message>
    <message>
        <source>Imported as “{name}”: a preset named “{clashed}” already existed.</source>
        <translation>「{name}」としてインポートしました。「{clashed}」という名前のプリセットがすでにありました。</translation>
    </message>
    <message>
        <source>Imported “{name}”.</source>
        <translation>「{name}」をインポートしました。</translation>
    </message>
    <message>
        <source>Exported to {path}.</source>
        <translation>{path} にエクスポートしました。</translation>
    </message>
    <message>
        <source>Save as a new preset…</source>
        <translation>新しいプリセットとして保存…</translation>
    </message>
    <message>
        <source>Save changes to “{name}”</source>
        <translation>変更を「{name}」に保存</translation>
    </message>
    <message>
        <source>Save changes to the preset</source>
        <translation>変更をプリセットに保存</translation>
    </message>
    <message>
        <source>Rename “{name}”…</source>
        <translation>「{name}」の名前を変更…</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>名前を変更…</translation>
    </message>
    <message>
        <source>Delete “{name}”…</source>
        <translation>「{name}」を削除…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>削除…</translation>
    </message>
    <message>
        <source>Load a model to give it a default preset</source>
        <translation>既定のプリセットを設定するにはモデルを読み込んでください</translation>
    </message>
    <message>
        <source>Default for {model}</source>
        <translation>{model} の既定</translation>
    </message>
    <message>
        <source>New chats with this model start from this preset</source>
        <translation>このモデルでの新しいチャットはこのプリセットから始まります</translation>
    </message>
    <message>
        <source>Clear the default for {model} (“{name}”)</source>
        <translation>{model} の既定を解除（「{name}」）</translation>
    </message>
    <message>
        <source>Import a preset…</source>
        <translation>プリセットをインポート…</translation>
    </message>
    <message>
        <source>Export “{name}”…</source>
        <translation>「{name}」をエクスポート…</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>エクスポート…</translation>
    </message>
    <message>
        <source>My preset</source>
        <translation>マイプリセット</translation>
    </message>
    <message>
        <source>Save as a new preset</source>
        <translation>新しいプリセットとして保存</translation>
    </message>
    <message>
        <source>Rename preset</source>
        <translation>プリセットの名前を変更</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名前:</translation>
    </message>
    <message>
        <source>Delete preset</source>
        <translation>プリセットを削除</translation>
    </message>
    <message>
        <source>Delete the preset “{name}”? Conversations keep their settings.</source>
        <translation>プリセット「{name}」を削除しますか？会話の設定はそのまま残ります。</translation>
    </message>
    <message>
        <source>Import a preset</source>
        <translation>プリセットをインポート</translation>
    </message>
    <message>
        <source>Presets (*.json);;All files (*)</source>
        <translation>プリセット (*.json);;すべてのファイル (*)</translation>
    </message>
    <message>
        <source>Export preset</source>
        <translation>プリセットをエクスポート</translation>
    </message>
    <message>
        <source>Presets (*.json)</source>
        <translation>プリセット (*.json)</translation>
    </message>
</context>
<context>
    <name>RepoFilesModel</name>
    <message>
        <source>Quant</source>
        <translation>量子化</translation>
    </message>
    <message>
        <source>File</source>
        <translation>ファイル</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>サイズ</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>収まるか</translation>
    </message>
    <message>
        <source>{name} ({count} parts)</source>
        <translation>{name}（{count} 分割）</translation>
    </message>
    <message>
        <source> — incomplete upload</source>
        <translation> — アップロードが不完全</translation>
    </message>
    <message>
        <source> — downloaded</source>
        <translation> — ダウンロード済み</translation>
    </message>
    <message>
        <source>{name} (vision projector)</source>
        <translation>{name}（ビジョンプロジェクター）</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>確認中…</translation>
    </message>
</context>
<context>
    <name>ResidentBars</name>
    <message>
        <source>Loaded models per device</source>
        <translation>デバイスごとの読み込み済みモデル</translation>
    </message>
</context>
<context>
    <name>ResidentsLabel</name>
    <message>
        <source>Loaded models</source>
        <translation>読み込み済みのモデル</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) loaded</source>
        <translation>
            <numerusform>%n 個のモデルを読み込み済み</numerusform>
        </translation>
    </message>
    <message>
        <source>{device} {allocated}/{predicted}</source>
        <translation>{device} {allocated}/{predicted}</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>予測</translation>
    </message>
    <message>
        <source>Allocated</source>
        <translation>確保</translation>
    </message>
    <message>
        <source>Unload {model}</source>
        <translation>{model} をアンロード</translation>
    </message>
    <message>
        <source>Unload all</source>
        <translation>すべてアンロード</translation>
    </message>
</context>
<context>
    <name>SamplingPanel</name>
    <message>
        <source>System prompt</source>
        <translation>システムプロンプト</translation>
    </message>
    <message>
        <source>The template&apos;s default system prompt</source>
        <translation>テンプレート既定のシステムプロンプト</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>既定</translation>
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
        <translation>最大トークン数</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>ランダム</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>シード</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>思考</translation>
    </message>
    <message>
        <source>Template default</source>
        <translation>テンプレートの既定</translation>
    </message>
    <message>
        <source>On</source>
        <translation>オン</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>オフ</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>サンプリング</translation>
    </message>
    <message>
        <source>Load a model to see whether it can think.</source>
        <translation>モデルを読み込むと、思考できるかどうかがわかります。</translation>
    </message>
    <message>
        <source>This model&apos;s chat template has no thinking switch.</source>
        <translation>このモデルのチャットテンプレートには思考の切り替えがありません。</translation>
    </message>
</context>
<context>
    <name>SearchResultsModel</name>
    <message>
        <source>Repository</source>
        <translation>リポジトリ</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Downloads</source>
        <translation>ダウンロード</translation>
    </message>
    <message>
        <source>Likes</source>
        <translation>いいね</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>更新日</translation>
    </message>
    <message>
        <source> (gated)</source>
        <translation>（アクセス制限あり）</translation>
    </message>
</context>
<context>
    <name>Sentences</name>
    <message>
        <source>The llama-server engine was not found ({path}).</source>
        <translation>llama-server エンジンが見つかりません（{path}）。</translation>
    </message>
    <message>
        <source>The llama-server engine cannot be run ({path}): {reason}</source>
        <translation>llama-server エンジンを実行できません（{path}）: {reason}</translation>
    </message>
    <message>
        <source>The llama-server engine at {path} does not work: it exited with code {exit_code}.</source>
        <translation>{path} の llama-server エンジンは動作しません。コード {exit_code} で終了しました。</translation>
    </message>
    <message>
        <source>The llama-server engine at {path} did not answer in time.</source>
        <translation>{path} の llama-server エンジンが時間内に応答しませんでした。</translation>
    </message>
    <message>
        <source>Checking the engine was cancelled.</source>
        <translation>エンジンの確認はキャンセルされました。</translation>
    </message>
    <message>
        <source>This engine was built for instructions this CPU lacks. Build one for this computer in Settings &gt; Engine, or choose another engine there.</source>
        <translation>このエンジンは、この CPU にない命令向けにビルドされています。「設定 &gt; エンジン」でこのコンピューター用にビルドするか、そこで別のエンジンを選んでください。</translation>
    </message>
    <message>
        <source>The engine is not ready yet; see the Server page.</source>
        <translation>エンジンはまだ準備できていません。「サーバー」ページを参照してください。</translation>
    </message>
    <message>
        <source>The engine failed its self-test on a tiny model ({status}).</source>
        <translation>エンジンは極小モデルでのセルフテストに失敗しました（{status}）。</translation>
    </message>
    <message>
        <source>No C/C++ compiler was found. Install one (on Debian or Ubuntu: sudo apt install build-essential) and try again.</source>
        <translation>C/C++ コンパイラーが見つかりませんでした。インストールしてから（Debian や Ubuntu では sudo apt install build-essential）、もう一度お試しください。</translation>
    </message>
    <message>
        <source>{tool} is missing and could not be installed from the package index.</source>
        <translation>{tool} が見つからず、パッケージインデックスからもインストールできませんでした。</translation>
    </message>
    <message>
        <source>The llama.cpp source could not be downloaded; check the network.</source>
        <translation>llama.cpp のソースをダウンロードできませんでした。ネットワークを確認してください。</translation>
    </message>
    <message>
        <source>The llama.cpp source was damaged even when downloaded again ({reason}); try again later.</source>
        <translation>llama.cpp のソースは再ダウンロードしても破損していました（{reason}）。後でもう一度お試しください。</translation>
    </message>
    <message>
        <source>The engine build failed; see the build log.</source>
        <translation>エンジンのビルドに失敗しました。ビルドログを確認してください。</translation>
    </message>
    <message>
        <source>The engine build was cancelled.</source>
        <translation>エンジンのビルドはキャンセルされました。</translation>
    </message>
    <message>
        <source>The new engine was built but failed its self-test ({status}).</source>
        <translation>新しいエンジンはビルドされましたが、セルフテストに失敗しました（{status}）。</translation>
    </message>
    <message>
        <source>The llama-server binary was not found.</source>
        <translation>llama-server の実行ファイルが見つかりません。</translation>
    </message>
    <message>
        <source>The llama-server binary cannot be executed.</source>
        <translation>llama-server の実行ファイルを実行できません。</translation>
    </message>
    <message>
        <source>The engine refused an argument; see the log.</source>
        <translation>エンジンが引数を拒否しました。ログを確認してください。</translation>
    </message>
    <message>
        <source>The port was already in use.</source>
        <translation>ポートはすでに使用されていました。</translation>
    </message>
    <message>
        <source>The model file does not exist: {path}.</source>
        <translation>モデルファイルが存在しません: {path}。</translation>
    </message>
    <message>
        <source>{path} is not a valid GGUF model (truncated, damaged or not a GGUF file).</source>
        <translation>{path} は有効な GGUF モデルではありません（途中で切れている、破損している、または GGUF ファイルではありません）。</translation>
    </message>
    <message>
        <source>This engine does not know the model&apos;s architecture; a newer llama-server is needed.</source>
        <translation>このエンジンはモデルのアーキテクチャに対応していません。より新しい llama-server が必要です。</translation>
    </message>
    <message>
        <source>A quantized V cache needs flash attention on.</source>
        <translation>量子化された V キャッシュには flash attention を有効にする必要があります。</translation>
    </message>
    <message>
        <source>The vision projector failed to load.</source>
        <translation>ビジョンプロジェクターの読み込みに失敗しました。</translation>
    </message>
    <message>
        <source>Out of memory while loading the weights.</source>
        <translation>重みの読み込み中にメモリが不足しました。</translation>
    </message>
    <message>
        <source>Out of memory for the KV cache: lower the context.</source>
        <translation>KV キャッシュ用のメモリが足りません。コンテキストを小さくしてください。</translation>
    </message>
    <message>
        <source>Out of memory for the compute buffers.</source>
        <translation>計算バッファー用のメモリが足りません。</translation>
    </message>
    <message>
        <source>The engine was killed, most likely by the system for lack of memory.</source>
        <translation>エンジンが強制終了されました。おそらくメモリ不足のためにシステムが終了させました。</translation>
    </message>
    <message>
        <source>The engine crashed ({signal}).</source>
        <translation>エンジンがクラッシュしました（{signal}）。</translation>
    </message>
    <message>
        <source>The engine did not become ready in time.</source>
        <translation>エンジンが時間内に準備完了になりませんでした。</translation>
    </message>
    <message>
        <source>The engine crashed repeatedly; it is not restarted again.</source>
        <translation>エンジンが繰り返しクラッシュしたため、再起動はしません。</translation>
    </message>
    <message>
        <source>The engine stopped answering; it was replaced.</source>
        <translation>エンジンが応答しなくなったため、置き換えました。</translation>
    </message>
    <message>
        <source>Out of memory even after {steps} smaller settings (the last with a context of {ctx}); nothing smaller is left to try. Free memory or choose a smaller model.</source>
        <translation>設定を {steps} 回小さくしてもメモリが足りません（最後はコンテキスト {ctx}）。これ以上小さくできる設定はありません。メモリを空けるか、より小さいモデルを選んでください。</translation>
    </message>
    <message>
        <source>The engine exited (code {exit_code}).</source>
        <translation>エンジンが終了しました（コード {exit_code}）。</translation>
    </message>
    <message>
        <source>{model} does not fit: it needs {needed} of {device} memory plus {reserve} kept free, and {available} is free.</source>
        <translation>{model} は収まりません: {device} のメモリが {needed} と、予備として空けておく {reserve} が必要ですが、空きは {available} です。</translation>
    </message>
    <message>
        <source>{model} cannot be loaded with these settings; see the load dialog.</source>
        <translation>{model} はこの設定では読み込めません。読み込みダイアログを確認してください。</translation>
    </message>
    <message>
        <source>A newer request replaced this one.</source>
        <translation>より新しいリクエストで置き換えられました。</translation>
    </message>
    <message>
        <source>The app is closing; the engine no longer takes requests.</source>
        <translation>アプリを終了しています。エンジンはリクエストを受け付けません。</translation>
    </message>
    <message>
        <source>No model is loaded.</source>
        <translation>モデルが読み込まれていません。</translation>
    </message>
    <message>
        <source>The answer was interrupted: the connection to the engine was lost.</source>
        <translation>回答が中断されました。エンジンとの接続が切れました。</translation>
    </message>
    <message>
        <source>The engine crashed while answering this request ({cause}), so the request was not retried.</source>
        <translation>このリクエストへの応答中にエンジンがクラッシュしました（{cause}）。そのため、リクエストは再試行されませんでした。</translation>
    </message>
    <message>
        <source>Another model was loaded before {model} could answer; send the request again.</source>
        <translation>{model} が応答する前に別のモデルが読み込まれました。リクエストをもう一度送信してください。</translation>
    </message>
    <message>
        <source>Too many engine arguments ({count}); the engine was not started.</source>
        <translation>エンジン引数が多すぎます（{count}）。エンジンは起動されませんでした。</translation>
    </message>
    <message>
        <source>The engine argument {flag} is managed by the app and cannot be set by hand.</source>
        <translation>エンジン引数 {flag} はアプリが管理しているため、手動では設定できません。</translation>
    </message>
    <message>
        <source>There is no model &apos;{model}&apos; in the library.</source>
        <translation>ライブラリに「{model}」というモデルはありません。</translation>
    </message>
    <message>
        <source>No studio serve answers at {url}; start one with studio serve.</source>
        <translation>{url} で応答する studio serve がありません。studio serve で起動してください。</translation>
    </message>
    <message>
        <source>The server refused the API key; give it with --api-key or --api-key-file.</source>
        <translation>サーバーが API キーを拒否しました。--api-key または --api-key-file で指定してください。</translation>
    </message>
    <message>
        <source>The server at {url} did not answer as studio serve does.</source>
        <translation>{url} のサーバーは studio serve としての応答を返しませんでした。</translation>
    </message>
    <message>
        <source>{model} cannot be loaded: the pinned models {pinned} keep their room.</source>
        <translation>{model} を読み込めません: 固定されたモデル {pinned} が領域を保持しています。</translation>
    </message>
    <message>
        <source>{waiting} requests already wait for room to load a model; try again when one has finished.</source>
        <translation>すでに {waiting} 件のリクエストがモデルを読み込む領域を待っています。いずれかが終わってから再試行してください。</translation>
    </message>
    <message>
        <source>This conversation&apos;s model {model} is no longer in the library; choose another model in the picker to go on.</source>
        <translation>この会話のモデル {model} はもうライブラリにありません。続けるには、モデルの選択欄で別のモデルを選んでください。</translation>
    </message>
    <message>
        <source>{source} is not a GGUF file.</source>
        <translation>{source} は GGUF ファイルではありません。</translation>
    </message>
    <message>
        <source>{source} uses GGUF version {version}, which is not supported.</source>
        <translation>{source} は GGUF バージョン {version} を使用していますが、これには対応していません。</translation>
    </message>
    <message>
        <source>{source} is incomplete: it ends after {available} of at least {needed}.</source>
        <translation>{source} は不完全です。少なくとも {needed} 必要なところ、{available} で終わっています。</translation>
    </message>
    <message>
        <source>{source} is damaged: {reason}.</source>
        <translation>{source} は破損しています: {reason}。</translation>
    </message>
    <message>
        <source>The header of {source} is larger than {limit}; it was not read.</source>
        <translation>{source} のヘッダーは {limit} を超えているため、読み込みませんでした。</translation>
    </message>
    <message>
        <source>A part of the split model is missing: {shard}.</source>
        <translation>分割モデルの一部が見つかりません: {shard}。</translation>
    </message>
    <message>
        <source>The server of {url} cannot send parts of a file (HTTP {status}).</source>
        <translation>{url} のサーバーはファイルの一部だけを送信できません（HTTP {status}）。</translation>
    </message>
    <message>
        <source>{url} could not be read: {reason}.</source>
        <translation>{url} を読み込めませんでした: {reason}。</translation>
    </message>
    <message>
        <source>{source} is damaged or hostile: it declares {key} = {value}, which no model has.</source>
        <translation>{source} は破損しているか悪意のあるファイルです: {key} = {value} と宣言していますが、そのようなモデルはありません。</translation>
    </message>
    <message>
        <source>{path} is not an ordinary file (it is a pipe, a device or a folder); only ordinary files are opened as models.</source>
        <translation>{path} は通常のファイルではありません（パイプ、デバイス、またはフォルダーです）。モデルとして開けるのは通常のファイルだけです。</translation>
    </message>
    <message>
        <source>{path} cannot be read: {reason}.</source>
        <translation>{path} を読み込めません: {reason}。</translation>
    </message>
    <message>
        <source>Unknown KV cache type: {type}.</source>
        <translation>不明な KV キャッシュの型: {type}。</translation>
    </message>
    <message>
        <source>This model needs the same type for the K and V caches.</source>
        <translation>このモデルでは K キャッシュと V キャッシュを同じ型にする必要があります。</translation>
    </message>
    <message>
        <source>The batch sizes are not valid.</source>
        <translation>バッチサイズが正しくありません。</translation>
    </message>
    <message>
        <source>System RAM cannot be listed as a GPU device.</source>
        <translation>システム RAM を GPU デバイスとして指定することはできません。</translation>
    </message>
    <message>
        <source>Tensor parallelism needs flash attention and an unquantized KV cache.</source>
        <translation>テンソル並列には flash attention と量子化されていない KV キャッシュが必要です。</translation>
    </message>
    <message>
        <source>The model file does not name its architecture.</source>
        <translation>モデルファイルにアーキテクチャが記載されていません。</translation>
    </message>
    <message>
        <source>How this model fits could not be worked out; the log says why.</source>
        <translation>このモデルがどう収まるかを判断できませんでした。理由はログにあります。</translation>
    </message>
    <message>
        <source>The model file does not say how many layers it has.</source>
        <translation>モデルファイルにレイヤー数が記載されていません。</translation>
    </message>
    <message>
        <source>No repacked copies of weights are counted: repacking is off (--no-repack).</source>
        <translation>重みの再パック済みコピーは数えていません: 再パックはオフです（--no-repack）。</translation>
    </message>
    <message>
        <source>No repacked copies of weights are counted: no engine has told this CPU&apos;s features.</source>
        <translation>重みの再パック済みコピーは数えていません: この CPU の機能を伝えたエンジンがありません。</translation>
    </message>
    <message>
        <source>No repacked copies of weights are counted: this engine&apos;s CPU backend does not repack.</source>
        <translation>重みの再パック済みコピーは数えていません: このエンジンの CPU バックエンドは再パックしません。</translation>
    </message>
    <message>
        <source>No repacked copies of weights are counted: the host&apos;s weights stay in a GPU&apos;s pinned buffer.</source>
        <translation>重みの再パック済みコピーは数えていません: システムメモリ上の重みは GPU の固定バッファーに置かれます。</translation>
    </message>
    <message>
        <source>A remote RPC device did not answer ({endpoints}).</source>
        <translation>リモートの RPC デバイスが応答しませんでした（{endpoints}）。</translation>
    </message>
    <message>
        <source>“{endpoint}” is not host:port (for example 192.168.1.20:50052).</source>
        <translation>「{endpoint}」は host:port 形式ではありません（例: 192.168.1.20:50052）。</translation>
    </message>
    <message>
        <source>STUDIO_FAKE_DEVICES has an entry that cannot be read: {entry}</source>
        <translation>STUDIO_FAKE_DEVICES に読み取れない項目があります: {entry}</translation>
    </message>
    <message>
        <source>Cannot reach the Hugging Face Hub. Check the network connection, and the proxy and endpoint in Settings.</source>
        <translation>Hugging Face Hub に接続できません。ネットワーク接続と、設定のプロキシおよびエンドポイントを確認してください。</translation>
    </message>
    <message>
        <source>Not found on the Hub: {target}.</source>
        <translation>Hub に見つかりません: {target}。</translation>
    </message>
    <message>
        <source>“{target}” is not a Hugging Face repository: write it as owner/name, with letters, digits, -, _ and . only.</source>
        <translation>「{target}」は Hugging Face のリポジトリではありません。所有者/名前 の形で、英数字と -、_、. だけを使って書いてください。</translation>
    </message>
    <message>
        <source>This repository is gated or private. Add a Hugging Face token in Settings and accept the model&apos;s terms on its Hub page.</source>
        <translation>このリポジトリはアクセス制限付きか非公開です。設定で Hugging Face トークンを追加し、Hub のモデルページで利用条件に同意してください。</translation>
    </message>
    <message>
        <source>The Hub answered with an error (HTTP {status}).</source>
        <translation>Hub がエラーを返しました（HTTP {status}）。</translation>
    </message>
    <message>
        <source>The token was not saved: {reason}</source>
        <translation>トークンは保存されませんでした: {reason}</translation>
    </message>
    <message>
        <source>Not enough disk space: {needed} needed plus {reserve} kept free, {free} free in {path}.</source>
        <translation>ディスク容量が足りません: {needed} に加えて予備として {reserve} の空きが必要ですが、{path} の空きは {free} です。</translation>
    </message>
    <message>
        <source>{file} did not match the Hub&apos;s checksum, even when downloaded again. The damaged copy was deleted.</source>
        <translation>{file} は再ダウンロードしても Hub のチェックサムと一致しませんでした。破損したコピーは削除されました。</translation>
    </message>
    <message>
        <source>{file} kept failing ({reason}). Resume to try again.</source>
        <translation>{file} の失敗が続きました（{reason}）。再開すると再試行します。</translation>
    </message>
    <message>
        <source>Refused a file name that would write outside the target folder: {name}</source>
        <translation>保存先フォルダーの外に書き込むファイル名を拒否しました: {name}</translation>
    </message>
    <message>
        <source>Cannot write to {path}.</source>
        <translation>{path} に書き込めません。</translation>
    </message>
    <message>
        <source>The download failed unexpectedly; see the log.</source>
        <translation>ダウンロードが予期せず失敗しました。ログを確認してください。</translation>
    </message>
    <message>
        <source>This is not a usable GGUF model file ({reason}).</source>
        <translation>使用できる GGUF モデルファイルではありません（{reason}）。</translation>
    </message>
    <message>
        <source>This is a vision projector (mmproj), not a model: load it together with its model.</source>
        <translation>これはビジョンプロジェクター（mmproj）で、モデルではありません。対応するモデルと一緒に読み込んでください。</translation>
    </message>
    <message>
        <source>The file cannot be read: {path}</source>
        <translation>ファイルを読み込めません: {path}</translation>
    </message>
    <message>
        <source>The folder {path} cannot be read ({reason}); its models are not listed.</source>
        <translation>フォルダー {path} を読み込めません（{reason}）。その中のモデルは一覧に表示されません。</translation>
    </message>
    <message>
        <source>The folder {path} is nested more than {depth} folders deep; what lies in it is not listed.</source>
        <translation>フォルダー {path} は {depth} 階層を超えて入れ子になっています。その中身は一覧に表示されません。</translation>
    </message>
    <message>
        <source>The folder {path} holds more than {folders} folders; the models in the rest are not listed.</source>
        <translation>フォルダー {path} には {folders} 個を超えるフォルダーがあります。残りのモデルは一覧に表示されません。</translation>
    </message>
    <message>
        <source>Your settings could not be read, so the defaults apply. The unreadable file was kept as {moved_to}.</source>
        <translation>設定を読み込めなかったため、既定値を使用します。読み込めなかったファイルは {moved_to} として保存してあります。</translation>
    </message>
    <message>
        <source>Your settings could not be read ({path}), so the defaults apply for now.</source>
        <translation>設定を読み込めませんでした ({path})。当面は既定値を使用します。</translation>
    </message>
    <message>
        <source>The conversations were saved by a newer version of GGUF Studio (format {version}; this version reads up to {supported}).</source>
        <translation>会話はより新しいバージョンの GGUF Studio で保存されています（形式 {version}。このバージョンが読めるのは {supported} までです）。</translation>
    </message>
    <message>
        <source>The conversations file is damaged or not a database: {path}</source>
        <translation>会話ファイルが破損しているか、データベースではありません: {path}</translation>
    </message>
    <message>
        <source>The conversations file was damaged. Everything that could still be read was recovered into a new file; the damaged one was kept as {backup}.</source>
        <translation>会話ファイルが破損していました。読み取れた内容はすべて新しいファイルに復元しました。破損したファイルは {backup} として保存してあります。</translation>
    </message>
    <message>
        <source>This conversation no longer exists.</source>
        <translation>この会話はもう存在しません。</translation>
    </message>
    <message>
        <source>This message no longer exists.</source>
        <translation>このメッセージはもう存在しません。</translation>
    </message>
    <message>
        <source>The disk is full, so this answer stopped where it was last saved. Free some space to go on.</source>
        <translation>ディスクがいっぱいのため、この回答は最後に保存された箇所で止まりました。続けるには空き容量を確保してください。</translation>
    </message>
    <message>
        <source>The conversation could not be saved ({reason}), so this answer stopped where it was last saved.</source>
        <translation>会話を保存できなかったため ({reason})、この回答は最後に保存された箇所で止まりました。</translation>
    </message>
    <message>
        <source>The messages of this conversation link back to each other in a loop, so it is shown from where the loop closes.</source>
        <translation>この会話のメッセージは互いに循環して参照しているため、循環が閉じる箇所から表示しています。</translation>
    </message>
    <message>
        <source>Load a model first.</source>
        <translation>まずモデルを読み込んでください。</translation>
    </message>
    <message>
        <source>The engine refused the request.</source>
        <translation>エンジンがリクエストを拒否しました。</translation>
    </message>
    <message>
        <source>The connection to the engine was lost.</source>
        <translation>エンジンとの接続が切れました。</translation>
    </message>
    <message>
        <source>The conversation could not be exported.</source>
        <translation>会話をエクスポートできませんでした。</translation>
    </message>
    <message>
        <source>Interrupted: the app closed while this answer was written.</source>
        <translation>中断: この回答の作成中にアプリが終了しました。</translation>
    </message>
    <message>
        <source>This model cannot see images: it was loaded without a vision projector (mmproj). Load a model that comes with one to send images.</source>
        <translation>このモデルは画像を認識できません。ビジョンプロジェクター（mmproj）なしで読み込まれています。画像を送信するには、ビジョンプロジェクター付きのモデルを読み込んでください。</translation>
    </message>
    <message>
        <source>This model cannot see images now: its vision projector failed to start, so it was loaded text-only. Reload it, perhaps with less of it on the GPU, to send images.</source>
        <translation>このモデルは現在画像を認識できません。ビジョンプロジェクターを起動できなかったため、テキストのみで読み込まれました。画像を送信するには、GPU に載せる量を減らすなどして再読み込みしてください。</translation>
    </message>
    <message>
        <source>{name} could not be read as an image: PNG, JPEG and WebP can be attached.</source>
        <translation>{name} を画像として読み込めませんでした。添付できるのは PNG、JPEG、WebP です。</translation>
    </message>
    <message>
        <source>At most {count} images can be sent with one message.</source>
        <translation>1 件のメッセージで送信できる画像は最大 {count} 枚です。</translation>
    </message>
    <message>
        <source>A preset needs a name.</source>
        <translation>プリセットには名前が必要です。</translation>
    </message>
    <message>
        <source>A preset named “{name}” already exists.</source>
        <translation>「{name}」という名前のプリセットはすでにあります。</translation>
    </message>
    <message>
        <source>The preset “{name}” no longer exists.</source>
        <translation>プリセット「{name}」はもう存在しません。</translation>
    </message>
    <message>
        <source>The preset file {path} cannot be read.</source>
        <translation>プリセットファイル {path} を読み込めません。</translation>
    </message>
    <message>
        <source>{path} is not a preset: it is not a JSON file.</source>
        <translation>{path} は JSON ファイルではないため、プリセットではありません。</translation>
    </message>
    <message>
        <source>{path} is not a GGUF Studio preset: a preset has a name and its settings.</source>
        <translation>{path} は GGUF Studio のプリセットではありません。プリセットには名前と設定が含まれます。</translation>
    </message>
    <message>
        <source>{path} is not a usable preset: its “{field}” has the wrong kind of value.</source>
        <translation>{path} は使用できるプリセットではありません。「{field}」の値の種類が正しくありません。</translation>
    </message>
    <message>
        <source>The preset could not be saved to {path}.</source>
        <translation>プリセットを {path} に保存できませんでした。</translation>
    </message>
    <message>
        <source>The presets cannot be saved to {path}.</source>
        <translation>プリセットを {path} に保存できません。</translation>
    </message>
    <message>
        <source>Your presets could not be read, so the list starts empty. The unreadable file was kept as {moved_to}.</source>
        <translation>プリセットを読み込めなかったため、一覧は空の状態で始まります。読み込めなかったファイルは {moved_to} として保存してあります。</translation>
    </message>
    <message>
        <source>Your presets could not be read ({path}), so the list starts empty.</source>
        <translation>プリセットを読み込めなかったため（{path}）、一覧は空の状態で始まります。</translation>
    </message>
    <message>
        <source>{path} is not a usable preset: its “{field}” is {value}, but it must be from {low} to {high}.</source>
        <translation>{path} は使えるプリセットではありません: 「{field}」が {value} ですが、{low} から {high} の範囲である必要があります。</translation>
    </message>
    <message>
        <source>{path} is not a usable preset: its “{field}” is {value}, but it must be -1 (no limit) or from {low} to {high}.</source>
        <translation>{path} は使えるプリセットではありません: 「{field}」が {value} ですが、-1 (無制限) または {low} から {high} の範囲である必要があります。</translation>
    </message>
    <message>
        <source>Some remembered load settings of {model} could not be used ({settings}), so they are chosen afresh.</source>
        <translation>{model} の記憶された読み込み設定の一部が使えなかったため ({settings})、改めて選び直します。</translation>
    </message>
    <message>
        <source>This conversation needs {prompt_tokens} tokens, but the model&apos;s context holds {context_tokens}. Start a new conversation, let the chat drop the oldest messages (Inspector &gt; Context), or load the model with a larger context.</source>
        <translation>この会話には {prompt_tokens} トークンが必要ですが、モデルのコンテキストには {context_tokens} トークンしか入りません。新しい会話を始めるか、古いメッセージを除外するよう設定する（インスペクター &gt; コンテキスト）か、より大きなコンテキストでモデルを読み込んでください。</translation>
    </message>
    <message>
        <source>{name} is not a text file, so it cannot be added to the message.</source>
        <translation>{name} はテキストファイルではないため、メッセージに追加できません。</translation>
    </message>
    <message>
        <source>{name} cannot be read: {reason}</source>
        <translation>{name} を読み込めません: {reason}</translation>
    </message>
    <message>
        <source>{name} is not an ordinary file (it is a pipe, a device or a folder), so it cannot be attached.</source>
        <translation>{name} は通常のファイルではありません（パイプ、デバイス、またはフォルダーです）。そのため添付できません。</translation>
    </message>
    <message>
        <source>{name} is too large to add to a message (more than {limit}).</source>
        <translation>{name} は大きすぎてメッセージに追加できません（{limit} を超えています）。</translation>
    </message>
    <message>
        <source>This model&apos;s chat template does not think, so the thinking budget is not sent.</source>
        <translation>このモデルのチャットテンプレートは思考に対応していないため、思考予算は送信されません。</translation>
    </message>
    <message>
        <source>{name} takes {tokens} tokens, but only {left} of the context&apos;s {context_tokens} are left, so it was not added.</source>
        <translation>{name} には {tokens} トークンが必要ですが、コンテキスト {context_tokens} トークンのうち残りは {left} トークンのため、追加しませんでした。</translation>
    </message>
    <message>
        <source>{name} is too large to attach (more than {limit}); nothing was added.</source>
        <translation>{name} は大きすぎて添付できません（{limit} を超えています）。何も追加しませんでした。</translation>
    </message>
    <message>
        <source>{name} is a pipe, a device or a folder, not a document, so it was not attached.</source>
        <translation>{name} はドキュメントではなく、パイプ、デバイス、またはフォルダーのため、添付しませんでした。</translation>
    </message>
    <message>
        <source>{name} could not be opened as a document: {reason}</source>
        <translation>{name} をドキュメントとして開けませんでした: {reason}</translation>
    </message>
    <message>
        <source>{name} is not a document this app reads ({suffix}); attach a PDF, Markdown, text, HTML or .docx file.</source>
        <translation>{name} はこのアプリで読めるドキュメントではありません（{suffix}）。PDF、Markdown、テキスト、HTML、.docx のいずれかのファイルを添付してください。</translation>
    </message>
    <message>
        <source>{name} is protected by a password, so its text cannot be read.</source>
        <translation>{name} はパスワードで保護されているため、テキストを読み取れません。</translation>
    </message>
    <message>
        <source>{name} has no text layer; it may be a scan. Run text recognition (OCR) on it first.</source>
        <translation>{name} にはテキストレイヤーがありません。スキャンしたものかもしれません。先に文字認識（OCR）を実行してください。</translation>
    </message>
    <message>
        <source>{name} is not a {kind} file this app can read; it may be damaged.</source>
        <translation>{name} はこのアプリで読める {kind} ファイルではありません。破損している可能性があります。</translation>
    </message>
    <message>
        <source>{name} would unpack to more than {limit}, far more than a document holds, so it was not opened.</source>
        <translation>{name} は展開すると {limit} を超え、ドキュメントとしては大きすぎるため、開きませんでした。</translation>
    </message>
    <message>
        <source>{name} holds no text, so there is nothing to attach.</source>
        <translation>{name} にはテキストがないため、添付するものがありません。</translation>
    </message>
    <message>
        <source>{name} is not a text file, so it cannot be attached as a document.</source>
        <translation>{name} はテキストファイルではないため、ドキュメントとして添付できません。</translation>
    </message>
    <message>
        <source>The documents could not be searched: the embedding model failed ({reason}).</source>
        <translation>ドキュメントを検索できませんでした。埋め込みモデルでエラーが発生しました（{reason}）。</translation>
    </message>
    <message>
        <source>Load a model first: documents are indexed with the loaded model.</source>
        <translation>まずモデルを読み込んでください。ドキュメントのインデックスは読み込まれたモデルで作成されます。</translation>
    </message>
    <message>
        <source>The embedding model {name} is not in the library: choose another in Settings, Documents.</source>
        <translation>埋め込みモデル {name} がライブラリにありません。「設定」の「ドキュメント」で別のモデルを選んでください。</translation>
    </message>
    <message>
        <source>The documents&apos; index at {path} cannot be opened.</source>
        <translation>{path} のドキュメントのインデックスを開けません。</translation>
    </message>
    <message>
        <source>The documents&apos; index at {path} could not be saved: {reason}</source>
        <translation>{path} のドキュメントのインデックスを保存できませんでした: {reason}</translation>
    </message>
    <message>
        <source>The tools are not valid JSON (line {line}, column {column}).</source>
        <translation>ツールが有効な JSON ではありません（{line} 行目、{column} 列目）。</translation>
    </message>
    <message>
        <source>The tools must be a JSON list of function definitions.</source>
        <translation>ツールは関数定義の JSON リストである必要があります。</translation>
    </message>
    <message>
        <source>Tool {number} is not a function definition: give it &quot;type&quot;: &quot;function&quot; and a &quot;function&quot; with a name.</source>
        <translation>ツール {number} は関数定義ではありません。&quot;type&quot;: &quot;function&quot; と、名前を持つ &quot;function&quot; を指定してください。</translation>
    </message>
    <message>
        <source>Tool {number} has no name.</source>
        <translation>ツール {number} に名前がありません。</translation>
    </message>
    <message>
        <source>The parameters of the tool {name} must be a JSON Schema object.</source>
        <translation>ツール {name} のパラメーターは JSON Schema オブジェクトである必要があります。</translation>
    </message>
    <message>
        <source>Two tools are called {name}.</source>
        <translation>{name} という名前のツールが 2 つあります。</translation>
    </message>
    <message>
        <source>The tools are nested more than {levels} levels deep, which no tool needs.</source>
        <translation>ツールが {levels} 階層より深く入れ子になっています。そこまで必要なツールはありません。</translation>
    </message>
    <message>
        <source>The tools contain NaN or Infinity, which JSON does not allow.</source>
        <translation>ツールに NaN または Infinity が含まれていますが、JSON ではこれらを使えません。</translation>
    </message>
    <message>
        <source>The model asked for tools {rounds} rounds in a row, the most one question may take, so its last calls were not run.</source>
        <translation>モデルがツールを {rounds} ラウンド連続で要求しました。1 つの質問で許される上限に達したため、最後の呼び出しは実行しませんでした。</translation>
    </message>
    <message>
        <source>The model&apos;s call of {tool} was cut off or is not valid JSON, so it was not run; a larger answer limit may help.</source>
        <translation>モデルによる {tool} の呼び出しは途中で切れているか有効な JSON ではないため、実行しませんでした。回答の上限を大きくすると解決する場合があります。</translation>
    </message>
    <message>
        <source>A Hugging Face token was kept out of the settings file ({field}); save tokens with Save token.</source>
        <translation>Hugging Face のトークンは設定ファイルに書き込まれませんでした（{field}）。トークンは「トークンを保存」で保存してください。</translation>
    </message>
    <message>
        <source>The settings cannot be saved to {path}.</source>
        <translation>設定を {path} に保存できません。</translation>
    </message>
    <message>
        <source>The desktop entry cannot start the app: the command contains {argument}.</source>
        <translation>デスクトップエントリからアプリを起動できません。コマンドに {argument} が含まれています。</translation>
    </message>
    <message>
        <source>The app icon is missing: {path}</source>
        <translation>アプリのアイコンがありません: {path}</translation>
    </message>
    <message>
        <source>Port {port} is already in use by another program; choose another port.</source>
        <translation>ポート {port} は別のプログラムが使用中です。別のポートを選んでください。</translation>
    </message>
    <message>
        <source>Port {port} may only be opened by an administrator; choose one above 1023.</source>
        <translation>ポート {port} は管理者しか開けません。1023 より大きい番号を選んでください。</translation>
    </message>
    <message>
        <source>The local API could not start: {reason}.</source>
        <translation>ローカル API を開始できませんでした: {reason}。</translation>
    </message>
    <message>
        <source>The folder {path} does not exist.</source>
        <translation>フォルダー {path} は存在しません。</translation>
    </message>
    <message>
        <source>{path} is a file, not a folder.</source>
        <translation>{path} はフォルダーではなくファイルです。</translation>
    </message>
    <message>
        <source>There is no device named “{device}” (see the device column of studio fit).</source>
        <translation>「{device}」という名前のデバイスはありません（studio fit のデバイス列を参照）。</translation>
    </message>
    <message>
        <source>“{item}” is not DEVICE=LAYERS (for example CUDA0=20).</source>
        <translation>「{item}」は DEVICE=LAYERS の形ではありません（例: CUDA0=20）。</translation>
    </message>
    <message>
        <source>“{item}” is not a size such as 2GiB or host=512MiB.</source>
        <translation>「{item}」は 2GiB や host=512MiB のようなサイズではありません。</translation>
    </message>
    <message>
        <source>“{item}” is not KNOB=VALUE (for example ubatch=1024 or layers:CUDA0=20).</source>
        <translation>「{item}」は 設定=値 の形式ではありません（例: ubatch=1024 や layers:CUDA0=20）。</translation>
    </message>
    <message>
        <source>“{value}” is not a value {knob} can take ({expected}).</source>
        <translation>「{value}」は {knob} に指定できる値ではありません（{expected}）。</translation>
    </message>
    <message>
        <source>A benchmark variant cannot change “{knob}”; it can change: {knobs}.</source>
        <translation>ベンチマークのバリアントでは「{knob}」を変更できません。変更できるもの: {knobs}。</translation>
    </message>
    <message>
        <source>{variant}: tensor parallelism splits every layer across the devices, so a variant cannot also move layers between them.</source>
        <translation>{variant}: テンソル並列では各レイヤーがデバイス間で分割されるため、バリアントでデバイス間のレイヤー移動を同時に指定することはできません。</translation>
    </message>
    <message>
        <source>A comparison takes {least} to {most} variants, not {count}.</source>
        <translation>比較できるバリアントは {least}～{most} 個です（{count} 個ではありません）。</translation>
    </message>
    <message>
        <source>{variant} started only after the engine&apos;s recovery changed it, so it was not measured.</source>
        <translation>{variant} はエンジンの復旧処理で変更されてからようやく起動したため、計測しませんでした。</translation>
    </message>
    <message>
        <source>A context of {ctx} tokens leaves no room for a benchmark prompt and the {tokens} tokens it writes.</source>
        <translation>{ctx} トークンのコンテキストでは、ベンチマークのプロンプトと書き出す {tokens} トークンが収まりません。</translation>
    </message>
    <message>
        <source>The engine did not answer a benchmark request for {variant}.</source>
        <translation>{variant} のベンチマークリクエストにエンジンが応答しませんでした。</translation>
    </message>
    <message>
        <source>A benchmark request was stopped from elsewhere, so the benchmark ended.</source>
        <translation>ベンチマークのリクエストが別の場所から停止されたため、ベンチマークを終了しました。</translation>
    </message>
    <message>
        <source>The engine&apos;s answer had no timings, so nothing could be measured.</source>
        <translation>エンジンの応答に計測値がなかったため、何も計測できませんでした。</translation>
    </message>
    <message>
        <source>The benchmark could not be written to {path}: {reason}.</source>
        <translation>ベンチマークを {path} に書き込めませんでした: {reason}。</translation>
    </message>
    <message>
        <source>Not tried: the time budget was spent.</source>
        <translation>未実行: 時間の上限に達しました。</translation>
    </message>
    <message>
        <source>{fastest} generates {ratio} times as fast as {slower}.</source>
        <translation>{fastest} は {slower} の {ratio} 倍の速さで生成します。</translation>
    </message>
    <message>
        <source>{fastest} reads prompts {ratio} times as fast as {slower}.</source>
        <translation>{fastest} は {slower} の {ratio} 倍の速さでプロンプトを読み込みます。</translation>
    </message>
    <message>
        <source>{fastest} and {slower} generate about as fast: the gap ({ratio} times) is within the spread of their runs.</source>
        <translation>{fastest} と {slower} の生成速度はほぼ同じです: 差（{ratio} 倍）は実行ごとのばらつきの範囲内です。</translation>
    </message>
    <message>
        <source>{fastest} and {slower} read prompts about as fast: the gap ({ratio} times) is within the spread of their runs.</source>
        <translation>{fastest} と {slower} のプロンプト読み込み速度はほぼ同じです: 差（{ratio} 倍）は実行ごとのばらつきの範囲内です。</translation>
    </message>
    <message>
        <source>With one run each there is no spread, so whether a difference is more than noise is unknown: measure more runs.</source>
        <translation>各 1 回の実行ではばらつきがないため、差がノイズ以上かどうか分かりません。実行回数を増やしてください。</translation>
    </message>
    <message>
        <source>A chat answer is being written. Stop it first: a benchmark loads other plans of the model in its place.</source>
        <translation>チャットの回答を書いています。先に停止してください。ベンチマークはその代わりにモデルの別のプランを読み込みます。</translation>
    </message>
    <message>
        <source>A benchmark is running already. Wait for it, or cancel it first.</source>
        <translation>ベンチマークはすでに実行中です。終わるのを待つか、先にキャンセルしてください。</translation>
    </message>
    <message>
        <source>“{wanted}” does not name one model here; choose one of: {choices}.</source>
        <translation>「{wanted}」はここにあるモデルを 1 つに特定できません。次から選んでください: {choices}。</translation>
    </message>
    <message>
        <source>The API key file {path} cannot be read.</source>
        <translation>API キーファイル {path} を読み込めません。</translation>
    </message>
    <message>
        <source>The API key is empty.</source>
        <translation>API キーが空です。</translation>
    </message>
    <message>
        <source>The connection limit must be at least 1, not {given}.</source>
        <translation>接続数の上限は 1 以上にしてください（{given} は不可）。</translation>
    </message>
    <message>
        <source>Listening on {host} lets other machines connect: give --api-key or --api-key-file.</source>
        <translation>{host} で待ち受けると他のマシンから接続できます。--api-key か --api-key-file を指定してください。</translation>
    </message>
    <message>
        <source>The prompt takes {prompt_tokens} tokens, but the model&apos;s context holds {context_tokens}: shorten it or give a larger --ctx.</source>
        <translation>プロンプトは {prompt_tokens} トークンですが、モデルのコンテキストは {context_tokens} です。短くするか、より大きな --ctx を指定してください。</translation>
    </message>
    <message>
        <source>This engine has no speculative decoding type “{spec_type}”; it knows {choices}.</source>
        <translation>このエンジンには投機的デコードの種類「{spec_type}」がありません。使えるのは {choices} です。</translation>
    </message>
    <message>
        <source>This computer has no address {host} to listen on.</source>
        <translation>このコンピューターには待ち受けるアドレス {host} がありません。</translation>
    </message>
    <message>
        <source>The command studio {command} stopped on an unexpected problem; the details are in {log}.</source>
        <translation>コマンド studio {command} は予期しない問題で停止しました。詳細は {log} にあります。</translation>
    </message>
    <message>
        <source>The MCP servers file {path} cannot be read.</source>
        <translation>MCP サーバーファイル {path} を読み込めません。</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is not a regular file, so it is not read.</source>
        <translation>MCP サーバーファイル {path} は通常のファイルではないため、読み込みません。</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is larger than {limit}, so it is not read.</source>
        <translation>MCP サーバーファイル {path} は {limit} を超えているため、読み込みません。</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is not UTF-8 text.</source>
        <translation>MCP サーバーファイル {path} は UTF-8 テキストではありません。</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is not valid JSON (line {line}, column {column}).</source>
        <translation>MCP サーバーファイル {path} は有効な JSON ではありません (行 {line}、列 {column})。</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is nested too deeply to be read.</source>
        <translation>MCP サーバーファイル {path} は入れ子が深すぎて読み込めません。</translation>
    </message>
    <message>
        <source>The file {path} has no “mcpServers” object, so it names no MCP servers.</source>
        <translation>ファイル {path} には「mcpServers」オブジェクトがないため、MCP サーバーが指定されていません。</translation>
    </message>
    <message>
        <source>There can be at most {most} MCP servers.</source>
        <translation>MCP サーバーは最大 {most} 個までです。</translation>
    </message>
    <message>
        <source>The MCP server {server} must be a JSON object.</source>
        <translation>MCP サーバー {server} は JSON オブジェクトである必要があります。</translation>
    </message>
    <message>
        <source>“{server}” cannot name an MCP server: use up to 64 letters, digits, spaces, dots, dashes and underscores, starting with a letter or a digit.</source>
        <translation>「{server}」は MCP サーバーの名前に使えません。英字または数字で始まる、64 文字以内の英字・数字・空白・ピリオド・ハイフン・アンダースコアを使ってください。</translation>
    </message>
    <message>
        <source>The MCP server {server} needs a “command” to run or a “url” to connect to.</source>
        <translation>MCP サーバー {server} には、実行する「command」か接続先の「url」が必要です。</translation>
    </message>
    <message>
        <source>The MCP server {server} has both a “command” and a “url”; keep one of them.</source>
        <translation>MCP サーバー {server} に「command」と「url」の両方があります。どちらか一方だけにしてください。</translation>
    </message>
    <message>
        <source>The MCP server {server} has the type “{type}”; Studio runs “stdio” and “http” (streamable HTTP) servers.</source>
        <translation>MCP サーバー {server} のタイプは「{type}」です。Studio が実行できるのは「stdio」と「http」(Streamable HTTP) のサーバーです。</translation>
    </message>
    <message>
        <source>The MCP server {server} has the type “{type}”, which does not go with its “command” or “url”.</source>
        <translation>MCP サーバー {server} のタイプ「{type}」は、その「command」または「url」と合いません。</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} must be text.</source>
        <translation>MCP サーバー {server} の「{field}」はテキストである必要があります。</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} must be a list of texts.</source>
        <translation>MCP サーバー {server} の「{field}」はテキストのリストである必要があります。</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} must be an object whose values are texts.</source>
        <translation>MCP サーバー {server} の「{field}」は、値がテキストのオブジェクトである必要があります。</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} must be true or false.</source>
        <translation>MCP サーバー {server} の「{field}」は true または false である必要があります。</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} is empty.</source>
        <translation>MCP サーバー {server} の「{field}」が空です。</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} holds a text longer than {most} characters.</source>
        <translation>MCP サーバー {server} の「{field}」に {most} 文字を超えるテキストが含まれています。</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} has more than {most} entries.</source>
        <translation>MCP サーバー {server} の「{field}」の項目が {most} 個を超えています。</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} holds a NUL character or a line break, which it cannot pass on.</source>
        <translation>MCP サーバー {server} の「{field}」に NUL 文字または改行が含まれており、受け渡しできません。</translation>
    </message>
    <message>
        <source>“{entry}” is not a valid name in the “{field}” of the MCP server {server}.</source>
        <translation>「{entry}」は MCP サーバー {server} の「{field}」で有効な名前ではありません。</translation>
    </message>
    <message>
        <source>The MCP server {server} has the URL “{url}”, which is not an http:// or https:// address.</source>
        <translation>MCP サーバー {server} の URL「{url}」は http:// または https:// のアドレスではありません。</translation>
    </message>
    <message>
        <source>The list of MCP servers cannot be saved to {path}.</source>
        <translation>MCP サーバーの一覧を {path} に保存できません。</translation>
    </message>
    <message>
        <source>There is no MCP server called {server}.</source>
        <translation>{server} という名前の MCP サーバーはありません。</translation>
    </message>
    <message>
        <source>There is already an MCP server called {server}; choose another name.</source>
        <translation>{server} という名前の MCP サーバーはすでにあります。別の名前を選んでください。</translation>
    </message>
    <message>
        <source>The line “{line}” in the “{field}” of the MCP server {server} needs a “{separator}” between the name and the value.</source>
        <translation>MCP サーバー {server} の「{field}」の行「{line}」には、名前と値の間に「{separator}」が必要です。</translation>
    </message>
    <message>
        <source>The MCP server {server} could not start: the program {command} was not found.</source>
        <translation>MCP サーバー {server} を起動できませんでした: プログラム {command} が見つかりません。</translation>
    </message>
    <message>
        <source>The MCP server {server} could not start {command}: {reason}.</source>
        <translation>MCP サーバー {server} は {command} を起動できませんでした: {reason}。</translation>
    </message>
    <message>
        <source>The MCP server {server} cannot be reached at {url}.</source>
        <translation>MCP サーバー {server} に {url} で接続できません。</translation>
    </message>
    <message>
        <source>The MCP server {server} did not answer within {seconds} seconds.</source>
        <translation>MCP サーバー {server} が {seconds} 秒以内に応答しませんでした。</translation>
    </message>
    <message>
        <source>The MCP server {server} stopped unexpectedly.</source>
        <translation>MCP サーバー {server} が予期せず停止しました。</translation>
    </message>
    <message>
        <source>The MCP server {server} answered with an error: {reason}</source>
        <translation>MCP サーバー {server} がエラーを返しました: {reason}</translation>
    </message>
    <message>
        <source>The tool {tool} of the MCP server {server} could not be called: {reason}</source>
        <translation>MCP サーバー {server} のツール {tool} を呼び出せませんでした: {reason}</translation>
    </message>
    <message>
        <source>The tool {tool} of the MCP server {server} answered with a result MCP does not allow.</source>
        <translation>MCP サーバー {server} のツール {tool} が、MCP で許可されていない結果を返しました。</translation>
    </message>
    <message>
        <source>The MCP server {server} is not running.</source>
        <translation>MCP サーバー {server} は実行されていません。</translation>
    </message>
    <message>
        <source>No running MCP server offers a tool called {tool}.</source>
        <translation>{tool} という名前のツールを提供している実行中の MCP サーバーはありません。</translation>
    </message>
    <message>
        <source>The tool&apos;s arguments are not valid JSON (line {line}, column {column}).</source>
        <translation>ツールの引数が有効な JSON ではありません (行 {line}、列 {column})。</translation>
    </message>
    <message>
        <source>The tool&apos;s arguments must be a JSON object.</source>
        <translation>ツールの引数は JSON オブジェクトである必要があります。</translation>
    </message>
    <message>
        <source>{device} needs {needed} but may use {budget}.</source>
        <translation>{device} は {needed} 必要ですが、使用できるのは {budget} です。</translation>
    </message>
    <message>
        <source>{device} takes at most {limit} in one tensor: {kept} of weights stay in system memory.</source>
        <translation>{device} は 1 つのテンソルに最大 {limit} までしか置けないため、{kept} の重みはシステムメモリに残ります。</translation>
    </message>
    <message>
        <source>System RAM needs {needed} but may use {budget}.</source>
        <translation>システム RAM は {needed} 必要ですが、使用できるのは {budget} です。</translation>
    </message>
    <message>
        <source>Nothing fits, even at a context of {ctx}: choose a smaller quant or free memory.</source>
        <translation>コンテキスト {ctx} でも何も収まりません。より小さい量子化を選ぶか、メモリを空けてください。</translation>
    </message>
    <message>
        <source>{requested} layers were asked for; the model has {maximum}.</source>
        <translation>{requested} レイヤーが指定されましたが、モデルには {maximum} レイヤーしかありません。</translation>
    </message>
    <message>
        <source>A remembered device is not present any more ({key}).</source>
        <translation>記憶されたデバイスが見つかりません（{key}）。</translation>
    </message>
    <message>
        <source>This model is dense: it has no experts to keep on the CPU.</source>
        <translation>このモデルは密なモデルで、CPU に残せるエキスパートがありません。</translation>
    </message>
    <message>
        <source>Experts on the CPU reduced from {requested} to {maximum} layers.</source>
        <translation>CPU 上のエキスパートを {requested} レイヤーから {maximum} レイヤーに減らしました。</translation>
    </message>
    <message>
        <source>Tensor parallelism needs two or more devices.</source>
        <translation>テンソル並列には 2 台以上のデバイスが必要です。</translation>
    </message>
    <message>
        <source>Tensor parallelism needs flash attention on.</source>
        <translation>テンソル並列には flash attention を有効にする必要があります。</translation>
    </message>
    <message>
        <source>Tensor parallelism needs an unquantized KV cache (not {cache_type}).</source>
        <translation>テンソル並列には量子化されていない KV キャッシュが必要です（{cache_type} は不可）。</translation>
    </message>
    <message>
        <source>Tensor parallelism does not support the {architecture} architecture.</source>
        <translation>テンソル並列は {architecture} アーキテクチャに対応していません。</translation>
    </message>
    <message>
        <source>This llama-server build has no tensor split mode.</source>
        <translation>この llama-server ビルドにはテンソル分割モードがありません。</translation>
    </message>
    <message>
        <source>Tensor parallelism keeps every expert on the GPUs; experts on the CPU were reset.</source>
        <translation>テンソル並列ではすべてのエキスパートを GPU に置くため、CPU 上のエキスパート設定をリセットしました。</translation>
    </message>
    <message>
        <source>Tensor parallelism needs the whole model on the GPUs, which does not fit: layer split is used.</source>
        <translation>テンソル並列にはモデル全体を GPU に置く必要がありますが収まらないため、レイヤー分割を使います。</translation>
    </message>
    <message>
        <source>This llama-server build has no {cache_type} KV cache.</source>
        <translation>この llama-server ビルドには {cache_type} の KV キャッシュがありません。</translation>
    </message>
    <message>
        <source>The model has no MTP layers for speculative decoding.</source>
        <translation>このモデルには投機的デコーディング用の MTP レイヤーがありません。</translation>
    </message>
    <message>
        <source>The model declares MTP layers but their tensors are missing (layers {layers}): the conversion dropped them.</source>
        <translation>モデルは MTP レイヤーを宣言していますが、そのテンソルがありません（レイヤー {layers}）。変換時に削除されています。</translation>
    </message>
    <message>
        <source>This llama-server build has no MTP speculative decoding.</source>
        <translation>この llama-server ビルドには MTP 投機的デコーディングがありません。</translation>
    </message>
    <message>
        <source>MTP and a draft model cannot be used together.</source>
        <translation>MTP とドラフトモデルは同時に使用できません。</translation>
    </message>
    <message>
        <source>A context of {requested} is below the minimum {minimum}.</source>
        <translation>コンテキスト {requested} は最小値 {minimum} を下回っています。</translation>
    </message>
    <message>
        <source>A context of {requested} is above the {trained} the model was trained for.</source>
        <translation>コンテキスト {requested} は、モデルの学習時の {trained} を超えています。</translation>
    </message>
    <message>
        <source>Context rounded from {requested} to {planned}.</source>
        <translation>コンテキストを {requested} から {planned} に丸めました。</translation>
    </message>
    <message>
        <source>Context reduced from {trained} to {planned} to fit.</source>
        <translation>収まるようにコンテキストを {trained} から {planned} に減らしました。</translation>
    </message>
    <message>
        <source>{variable}={value} from the environment is used.</source>
        <translation>環境変数 {variable}={value} を使用します。</translation>
    </message>
    <message>
        <source>{variable}={value} from the environment is ignored (cleared for the engine).</source>
        <translation>環境変数 {variable}={value} は無視されます（エンジンには渡しません）。</translation>
    </message>
    <message>
        <source>{device} cannot be used by this engine ({why}).</source>
        <translation>{device} はこのエンジンでは使用できません（{why}）。</translation>
    </message>
    <message>
        <source>This llama-server build has no flash attention switch.</source>
        <translation>この llama-server ビルドには flash attention の切り替えがありません。</translation>
    </message>
    <message>
        <source>This llama-server build cannot change the KV cache type.</source>
        <translation>この llama-server ビルドは KV キャッシュの型を変更できません。</translation>
    </message>
    <message>
        <source>This llama-server build has no draft-model speculative decoding.</source>
        <translation>この llama-server ビルドにはドラフトモデルによる投機的デコーディングがありません。</translation>
    </message>
    <message>
        <source>No mmproj file was found beside the model.</source>
        <translation>モデルの横に mmproj ファイルが見つかりませんでした。</translation>
    </message>
    <message>
        <source>This llama-server build cannot load a projector.</source>
        <translation>この llama-server ビルドはプロジェクターを読み込めません。</translation>
    </message>
    <message>
        <source>Tensor parallelism keeps every expert on the GPUs.</source>
        <translation>テンソル並列では、すべてのエキスパートを GPU に置きます。</translation>
    </message>
    <message>
        <source>Tensor parallelism splits every layer over the devices.</source>
        <translation>テンソル並列では、各レイヤーをデバイスに分割します。</translation>
    </message>
    <message>
        <source>The llama-server engine cannot be run ({path}): it is not an executable file.</source>
        <translation>llama-server エンジンを実行できません（{path}）。実行可能ファイルではありません。</translation>
    </message>
    <message>
        <source>The disk is full: {path} could not be written.</source>
        <translation>ディスクがいっぱいです。{path} を書き込めませんでした。</translation>
    </message>
    <message>
        <source>The conversation could not be saved, so this answer stopped where it was last saved.</source>
        <translation>会話を保存できなかったため、この回答は最後に保存された箇所で止まりました。</translation>
    </message>
    <message>
        <source>The model file does not exist.</source>
        <translation>モデルファイルが存在しません。</translation>
    </message>
    <message>
        <source>The benchmark could not be written to {path}.</source>
        <translation>ベンチマークを {path} に書き込めませんでした。</translation>
    </message>
    <message>
        <source>The file is not a valid GGUF model (truncated or corrupt).</source>
        <translation>このファイルは有効な GGUF モデルではありません（途切れているか破損しています）。</translation>
    </message>
    <message>
        <source>The engine exited before it said why.</source>
        <translation>エンジンは理由を示す前に終了しました。</translation>
    </message>
    <message>
        <source>This conversation no longer fits the model&apos;s context. Start a new conversation, let the chat drop the oldest messages (Inspector &gt; Context), or load the model with a larger context.</source>
        <translation>この会話はもうモデルのコンテキストに収まりません。新しい会話を始めるか、古いメッセージを除外するよう設定する（インスペクター &gt; コンテキスト）か、より大きなコンテキストでモデルを読み込んでください。</translation>
    </message>
    <message>
        <source>The engine was stopped by a signal ({signal}).</source>
        <translation>エンジンはシグナルで停止されました（{signal}）。</translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s) run on the CPU to fit.</source>
        <translation>
            <numerusform>収まるように %n レイヤーを CPU で実行します。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The experts of %n layer(s) stay on the CPU to fit.</source>
        <translation>
            <numerusform>収まるように %n レイヤーのエキスパートを CPU に残します。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) of this conversation could not be read and are left out; the rest is shown.</source>
        <translation>
            <numerusform>この会話の %n 件のメッセージを読み取れなかったため省きました。残りを表示しています。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n preset(s) in your presets file could not be used and are left out.</source>
        <translation>
            <numerusform>プリセットファイルの %n 件のプリセットが使えなかったため省きました。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %n oldest message(s) were left out of this request so that it fits the model&apos;s context.</source>
        <translation>
            <numerusform>モデルのコンテキストに収まるよう、最も古いメッセージ %n 件をこのリクエストから除外しました。</numerusform>
        </translation>
    </message>
    <message>
        <source>Something went wrong ({code}).</source>
        <translation>問題が発生しました（{code}）。</translation>
    </message>
    <message>
        <source>no data for a while</source>
        <translation>しばらくデータが届いていません</translation>
    </message>
    <message>
        <source>the connection dropped</source>
        <translation>接続が切れました</translation>
    </message>
    <message>
        <source>cannot connect</source>
        <translation>接続できません</translation>
    </message>
    <message>
        <source>the bytes did not match the checksum</source>
        <translation>データがチェックサムと一致しませんでした</translation>
    </message>
    <message>
        <source>the server refused to resume</source>
        <translation>サーバーが再開を拒否しました</translation>
    </message>
    <message>
        <source>the server sent too much</source>
        <translation>サーバーから多すぎるデータが届きました</translation>
    </message>
    <message>
        <source>server error {status}</source>
        <translation>サーバーエラー {status}</translation>
    </message>
    <message>
        <source>Retried on another port</source>
        <translation>別のポートで再試行しました</translation>
    </message>
    <message>
        <source>Retried with flash attention off</source>
        <translation>flash attention をオフにして再試行しました</translation>
    </message>
    <message>
        <source>Retried with the vision projector on the CPU</source>
        <translation>ビジョンプロジェクターを CPU に置いて再試行しました</translation>
    </message>
    <message>
        <source>Retried without the vision projector</source>
        <translation>ビジョンプロジェクターなしで再試行しました</translation>
    </message>
    <message>
        <source>Retried without speculative decoding</source>
        <translation>投機的デコーディングなしで再試行しました</translation>
    </message>
    <message>
        <source>Retried with layer split instead of tensor parallel</source>
        <translation>テンソル並列の代わりにレイヤー分割で再試行しました</translation>
    </message>
    <message>
        <source>Retried with a smaller plan</source>
        <translation>より小さい計画で再試行しました</translation>
    </message>
    <message>
        <source>Retried with a context of {ctx} (it goes no lower than {floor})</source>
        <translation>コンテキスト {ctx} で再試行しました（{floor} 未満には下げません）</translation>
    </message>
    <message>
        <source>Retried with a {cache_type} KV cache</source>
        <translation>{cache_type} の KV キャッシュで再試行しました</translation>
    </message>
    <message>
        <source>Retried with the experts of {layers} layers on the CPU</source>
        <translation>{layers} レイヤーのエキスパートを CPU に置いて再試行しました</translation>
    </message>
    <message>
        <source>Retried with {layers} layers left on {device}</source>
        <translation>{device} に {layers} レイヤーだけを残して再試行しました</translation>
    </message>
    <message>
        <source>{step}, after: {cause}</source>
        <translation>{step}（原因: {cause}）</translation>
    </message>
    <message>
        <source>Not tested (an engine before it runs)</source>
        <translation>未テスト（前のエンジンが動作するため）</translation>
    </message>
    <message>
        <source>Runs on this CPU</source>
        <translation>この CPU で動作します</translation>
    </message>
    <message>
        <source>Cannot run here: built for {built_for}; this CPU has {cpu}.</source>
        <translation>ここでは実行できません: {built_for} 向けにビルドされていますが、この CPU は {cpu} です。</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>モデル未読み込み</translation>
    </message>
    <message>
        <source>Loading</source>
        <translation>読み込み中</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>準備完了</translation>
    </message>
    <message>
        <source>Crashed</source>
        <translation>クラッシュ</translation>
    </message>
    <message>
        <source>Restarting after a crash</source>
        <translation>クラッシュ後に再起動中</translation>
    </message>
    <message>
        <source>Stopping</source>
        <translation>停止中</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>starting the engine</source>
        <translation>エンジンを起動中</translation>
    </message>
    <message>
        <source>loading the weights</source>
        <translation>重みを読み込み中</translation>
    </message>
    <message>
        <source>creating the context</source>
        <translation>コンテキストを作成中</translation>
    </message>
    <message>
        <source>warming up</source>
        <translation>ウォームアップ中</translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>読み込み完了</translation>
    </message>
    <message>
        <source>{state}: {phase}</source>
        <translation>{state}: {phase}</translation>
    </message>
    <message>
        <source>{state}: {reason}</source>
        <translation>{state}: {reason}</translation>
    </message>
    <message>
        <source>Loading {model}…</source>
        <translation>{model} を読み込み中…</translation>
    </message>
    <message>
        <source>{model} is ready.</source>
        <translation>{model} の準備ができました。</translation>
    </message>
    <message>
        <source>The engine stopped unexpectedly; restarting it…</source>
        <translation>エンジンが予期せず停止しました。再起動しています…</translation>
    </message>
    <message>
        <source>The engine crashed and was restarted; {model} is ready again.</source>
        <translation>エンジンがクラッシュして再起動しました。{model} は再び使用できます。</translation>
    </message>
    <message>
        <source>{model} could not start as planned. {step}.</source>
        <translation>{model} は計画どおりに起動できませんでした。{step}。</translation>
    </message>
    <message>
        <source>{model} could not be loaded: {reason}</source>
        <translation>{model} を読み込めませんでした: {reason}</translation>
    </message>
    <message>
        <source>{model} was unloaded.</source>
        <translation>{model} をアンロードしました。</translation>
    </message>
    <message>
        <source>{model} was not loaded automatically: the app closed unexpectedly while loading it last time. Load it again from the Library when you are ready.</source>
        <translation>{model} は自動で読み込まれませんでした。前回の読み込み中にアプリが予期せず終了したためです。準備ができたらライブラリから読み込み直してください。</translation>
    </message>
    <message>
        <source>The last model, {model}, was not loaded automatically: its file is gone.</source>
        <translation>前回のモデル {model} は自動で読み込まれませんでした。ファイルがありません。</translation>
    </message>
    <message>
        <source>The model</source>
        <translation>モデル</translation>
    </message>
</context>
<context>
    <name>ServerPage</name>
    <message>
        <source>Memory: predicted, allocated by the engine, in use now</source>
        <translation>メモリ: 予測、エンジンの確保量、現在の使用量</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>ステータス</translation>
    </message>
    <message>
        <source>Engine state</source>
        <translation>エンジンの状態</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状態</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>モデル</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>コンテキスト</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>プロセス</translation>
    </message>
    <message>
        <source>Recovery</source>
        <translation>復旧</translation>
    </message>
    <message>
        <source>Unload model</source>
        <translation>モデルをアンロード</translation>
    </message>
    <message>
        <source>Unload the model and stop the engine</source>
        <translation>モデルをアンロードしてエンジンを停止</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>エンジン</translation>
    </message>
    <message>
        <source>Probing…</source>
        <translation>確認中…</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>バージョン</translation>
    </message>
    <message>
        <source>Binary</source>
        <translation>実行ファイル</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>デバイス</translation>
    </message>
    <message>
        <source>Supports</source>
        <translation>対応機能</translation>
    </message>
    <message>
        <source>Address of the running engine</source>
        <translation>実行中のエンジンのアドレス</translation>
    </message>
    <message>
        <source>Engine address</source>
        <translation>エンジンのアドレス</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>コピー</translation>
    </message>
    <message>
        <source>Command line of the engine, secrets redacted</source>
        <translation>エンジンのコマンドライン（秘密情報は伏せ字）</translation>
    </message>
    <message>
        <source>Copy the command line</source>
        <translation>コマンドラインをコピー</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>コマンド</translation>
    </message>
    <message>
        <source>Engine log</source>
        <translation>エンジンのログ</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>追従</translation>
    </message>
    <message>
        <source>Scroll to new log lines</source>
        <translation>新しいログ行までスクロール</translation>
    </message>
    <message>
        <source>None</source>
        <translation>なし</translation>
    </message>
    <message numerus="yes">
        <source>{ctx} tokens, %n slot(s)</source>
        <translation>
            <numerusform>{ctx} トークン、スロット %n 個</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>pid {pid}; %n start(s), {respawns} after a crash</source>
        <translation>
            <numerusform>PID {pid}、起動 %n 回（うちクラッシュ後 {respawns} 回）</numerusform>
        </translation>
    </message>
    <message>
        <source>llama-server {version} ({source})</source>
        <translation>llama-server {version}（{source}）</translation>
    </message>
    <message>
        <source>{name}: {description}, {free} of {total} MiB free</source>
        <translation>{name}: {description}、空き {free} / {total} MiB</translation>
    </message>
    <message>
        <source>None: models run on the CPU</source>
        <translation>なし: モデルは CPU で動作します</translation>
    </message>
    <message>
        <source>MoE experts on the CPU</source>
        <translation>CPU 上の MoE エキスパート</translation>
    </message>
    <message>
        <source>tensor parallel</source>
        <translation>テンソル並列</translation>
    </message>
    <message>
        <source>RPC devices</source>
        <translation>RPC デバイス</translation>
    </message>
    <message>
        <source>vision projectors</source>
        <translation>ビジョンプロジェクター</translation>
    </message>
    <message>
        <source>MTP speculative decoding</source>
        <translation>MTP 投機的デコーディング</translation>
    </message>
    <message>
        <source>KV cache types: {types}</source>
        <translation>KV キャッシュの型: {types}</translation>
    </message>
    <message>
        <source>Unavailable: {detail}</source>
        <translation>利用できません: {detail}</translation>
    </message>
</context>
<context>
    <name>ServerStatusLabel</name>
    <message>
        <source>Model and engine state</source>
        <translation>モデルとエンジンの状態</translation>
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
        <translation>エンジン</translation>
    </message>
    <message>
        <source>Bundled llama-server</source>
        <translation>同梱の llama-server</translation>
    </message>
    <message>
        <source>llama-server binary</source>
        <translation>llama-server の実行ファイル</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>参照…</translation>
    </message>
    <message>
        <source>Choose the llama-server binary</source>
        <translation>llama-server の実行ファイルを選択</translation>
    </message>
    <message>
        <source>Use bundled</source>
        <translation>同梱版を使う</translation>
    </message>
    <message>
        <source>Use the bundled llama-server</source>
        <translation>同梱の llama-server を使う</translation>
    </message>
    <message>
        <source>Binary</source>
        <translation>実行ファイル</translation>
    </message>
    <message>
        <source>Not probed yet</source>
        <translation>未確認</translation>
    </message>
    <message>
        <source>Engine status</source>
        <translation>エンジンのステータス</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>ステータス</translation>
    </message>
    <message>
        <source>Engines found on this computer</source>
        <translation>このコンピューターで見つかったエンジン</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>バージョン</translation>
    </message>
    <message>
        <source>CPU variant</source>
        <translation>CPU バリアント</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>判定</translation>
    </message>
    <message>
        <source>Engine columns</source>
        <translation>エンジンの列</translation>
    </message>
    <message>
        <source>Found</source>
        <translation>検出済み</translation>
    </message>
    <message>
        <source>Use selected engine</source>
        <translation>選択したエンジンを使う</translation>
    </message>
    <message>
        <source>Build engine for this computer…</source>
        <translation>このコンピューター用にエンジンをビルド…</translation>
    </message>
    <message>
        <source>A different engine is used from the next start.</source>
        <translation>別のエンジンは次回の起動から使われます。</translation>
    </message>
    <message>
        <source>Model folders</source>
        <translation>モデルフォルダー</translation>
    </message>
    <message>
        <source>Folders searched for GGUF models</source>
        <translation>GGUF モデルを探すフォルダー</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>フォルダーを追加…</translation>
    </message>
    <message>
        <source>Add a model folder</source>
        <translation>モデルフォルダーを追加</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>Remove the selected model folder</source>
        <translation>選択したモデルフォルダーを削除</translation>
    </message>
    <message>
        <source>Remote devices (llama.cpp RPC)</source>
        <translation>リモートデバイス（llama.cpp RPC）</translation>
    </message>
    <message>
        <source>Machines running ggml-rpc-server, as host:port. Their memory appears in the load dialog beside your GPUs.</source>
        <translation>ggml-rpc-server を実行しているマシン（host:port 形式）。そのメモリは読み込みダイアログで GPU の横に表示されます。</translation>
    </message>
    <message>
        <source>Remote RPC devices</source>
        <translation>リモート RPC デバイス</translation>
    </message>
    <message>
        <source>New remote device as host:port</source>
        <translation>新しいリモートデバイス（host:port）</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>追加</translation>
    </message>
    <message>
        <source>Add the remote device</source>
        <translation>リモートデバイスを追加</translation>
    </message>
    <message>
        <source>Remove the selected remote device</source>
        <translation>選択したリモートデバイスを削除</translation>
    </message>
    <message>
        <source>Hugging Face</source>
        <translation>Hugging Face</translation>
    </message>
    <message>
        <source>Hugging Face endpoint</source>
        <translation>Hugging Face のエンドポイント</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>エンドポイント</translation>
    </message>
    <message>
        <source>System proxy settings</source>
        <translation>システムのプロキシ設定</translation>
    </message>
    <message>
        <source>Proxy for downloads</source>
        <translation>ダウンロード用のプロキシ</translation>
    </message>
    <message>
        <source>Proxy</source>
        <translation>プロキシ</translation>
    </message>
    <message>
        <source>Hugging Face access token</source>
        <translation>Hugging Face のアクセストークン</translation>
    </message>
    <message>
        <source>Save token</source>
        <translation>トークンを保存</translation>
    </message>
    <message>
        <source>Check and save the access token</source>
        <translation>アクセストークンを確認して保存</translation>
    </message>
    <message>
        <source>Remove token</source>
        <translation>トークンを削除</translation>
    </message>
    <message>
        <source>Remove the stored access token</source>
        <translation>保存されたアクセストークンを削除</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>トークン</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>外観</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>言語</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>システムの既定</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>テーマ</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>システムに合わせる</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>ライト</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>ダーク</translation>
    </message>
    <message numerus="yes">
        <source>llama-server {version} ({source}) at {path}; %n device(s)</source>
        <translation>
            <numerusform>llama-server {version}（{source}）: {path}、デバイス %n 台</numerusform>
        </translation>
    </message>
    <message>
        <source>The engine cannot be used: {detail}</source>
        <translation>エンジンを使用できません: {detail}</translation>
    </message>
    <message>
        <source>Checking the engine…</source>
        <translation>エンジンを確認中…</translation>
    </message>
    <message>
        <source>Choose llama-server</source>
        <translation>llama-server を選択</translation>
    </message>
    <message>
        <source>Choose a folder with models</source>
        <translation>モデルのあるフォルダーを選択</translation>
    </message>
    <message>
        <source>A token is stored: {masked}</source>
        <translation>トークンが保存されています: {masked}</translation>
    </message>
    <message>
        <source>No token: gated and private models cannot be downloaded.</source>
        <translation>トークンなし: アクセス制限のあるモデルや非公開モデルはダウンロードできません。</translation>
    </message>
    <message>
        <source>Paste a token first.</source>
        <translation>まずトークンを貼り付けてください。</translation>
    </message>
    <message>
        <source>Checking the token with Hugging Face…</source>
        <translation>Hugging Face でトークンを確認中…</translation>
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
        <translation>サイドバーの表示/非表示</translation>
    </message>
    <message>
        <source>Show or hide the sidebar (Ctrl+B)</source>
        <translation>サイドバーの表示/非表示 (Ctrl+B)</translation>
    </message>
    <message>
        <source>Areas</source>
        <translation>エリア</translation>
    </message>
</context>
<context>
    <name>StudioAreas</name>
    <message>
        <source>&amp;Open GGUF…</source>
        <translation>GGUF を開く(&amp;O)…</translation>
    </message>
    <message>
        <source>&amp;Unload</source>
        <translation>アンロード(&amp;U)</translation>
    </message>
    <message>
        <source>Unload &amp;All</source>
        <translation>すべてアンロード(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>設定(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>終了(&amp;Q)</translation>
    </message>
</context>
<context>
    <name>TextFileDrops</name>
    <message>
        <source>**{name}** ({tokens} tokens)</source>
        <translation>**{name}**（{tokens} トークン）</translation>
    </message>
</context>
<context>
    <name>ThumbnailCache</name>
    <message>
        <source>image</source>
        <translation>画像</translation>
    </message>
    <message>
        <source>{name} (the image file is missing)</source>
        <translation>{name}（画像ファイルが見つかりません）</translation>
    </message>
</context>
<context>
    <name>ToolApprovalPrompt</name>
    <message>
        <source>Tool call waiting for your approval</source>
        <translation>承認待ちのツール呼び出し</translation>
    </message>
    <message>
        <source>Arguments of the call</source>
        <translation>呼び出しの引数</translation>
    </message>
    <message>
        <source>&amp;Allow once</source>
        <translation>今回だけ許可(&amp;A)</translation>
    </message>
    <message>
        <source>A&amp;lways allow this tool</source>
        <translation>このツールを常に許可(&amp;L)</translation>
    </message>
    <message>
        <source>Runs this tool without asking for the rest of this conversation.</source>
        <translation>この会話の間は、確認せずにこのツールを実行します。</translation>
    </message>
    <message>
        <source>&amp;Deny</source>
        <translation>拒否(&amp;D)</translation>
    </message>
    <message>
        <source>“Always” lasts for this conversation until Studio quits. Enter allows once, Esc denies; a denied call is not run and the model is told.</source>
        <translation>「常に許可」は Studio を終了するまでこの会話で有効です。Enter で今回だけ許可、Esc で拒否します。拒否した呼び出しは実行されず、そのことがモデルに伝えられます。</translation>
    </message>
    <message>
        <source>Run the tool {tool} of the MCP server {server}?</source>
        <translation>MCP サーバー {server} のツール {tool} を実行しますか？</translation>
    </message>
    <message>
        <source>Run the tool {tool}?</source>
        <translation>ツール {tool} を実行しますか？</translation>
    </message>
</context>
<context>
    <name>ToolBlocks</name>
    <message>
        <source>(name not written yet)</source>
        <translation>（名前はまだ書かれていません）</translation>
    </message>
    <message>
        <source>result typed by you</source>
        <translation>手入力した結果</translation>
    </message>
    <message>
        <source>ran on {server}</source>
        <translation>{server} で実行済み</translation>
    </message>
    <message>
        <source>not run on {server}</source>
        <translation>{server} で未実行</translation>
    </message>
    <message>
        <source>waiting for your approval</source>
        <translation>承認待ち</translation>
    </message>
    <message>
        <source>running on {server}…</source>
        <translation>{server} で実行中…</translation>
    </message>
    <message>
        <source>being written…</source>
        <translation>書き込み中…</translation>
    </message>
    <message>
        <source>waiting for a result</source>
        <translation>結果を待っています</translation>
    </message>
</context>
<context>
    <name>ToolResultDialog</name>
    <message>
        <source>Result of {name}</source>
        <translation>{name} の結果</translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation>ツールの結果</translation>
    </message>
    <message>
        <source>What the tool returned, e.g. {&quot;temp_c&quot;: 21}</source>
        <translation>ツールが返した内容（例: {&quot;temp_c&quot;: 21}）</translation>
    </message>
    <message>
        <source>{name} was called with:</source>
        <translation>{name} の呼び出し引数:</translation>
    </message>
    <message>
        <source>Send result</source>
        <translation>結果を送信</translation>
    </message>
</context>
<context>
    <name>ToolsPanel</name>
    <message>
        <source>Tool definitions (JSON)</source>
        <translation>ツール定義（JSON）</translation>
    </message>
    <message>
        <source>Tool choice</source>
        <translation>ツールの選択</translation>
    </message>
    <message>
        <source>Model decides</source>
        <translation>モデルが判断</translation>
    </message>
    <message>
        <source>Must call a tool</source>
        <translation>ツール呼び出し必須</translation>
    </message>
    <message>
        <source>No calls</source>
        <translation>呼び出さない</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>呼び出し</translation>
    </message>
    <message>
        <source>Tools from MCP servers</source>
        <translation>MCP サーバーのツール</translation>
    </message>
    <message>
        <source>Offers the tools of the MCP servers set up in Settings; each call runs once you allow it.</source>
        <translation>設定で登録した MCP サーバーのツールを提供します。各呼び出しは、許可してから実行されます。</translation>
    </message>
    <message>
        <source>Rounds of tool calls per question</source>
        <translation>1 つの質問あたりのツール呼び出しラウンド数</translation>
    </message>
    <message>
        <source>How many answers in a row may call tools before the chat stops them.</source>
        <translation>チャットが止めるまでに、連続して何回の回答でツールを呼び出せるか。</translation>
    </message>
    <message>
        <source>Rounds at most</source>
        <translation>最大ラウンド数</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>ツール</translation>
    </message>
    <message>
        <source>Show token probabilities</source>
        <translation>トークンの確率を表示</translation>
    </message>
    <message>
        <source>Token probabilities</source>
        <translation>トークンの確率</translation>
    </message>
    <message>
        <source>This model&apos;s chat template does not describe tools: it cannot call them.</source>
        <translation>このモデルのチャットテンプレートはツールを記述していないため、ツールを呼び出せません。</translation>
    </message>
    <message>
        <source>The chat asks before each call: allow it once, always for that tool, or deny it.</source>
        <translation>チャットは呼び出しのたびに確認します。今回だけ許可、そのツールを常に許可、拒否のいずれかを選べます。</translation>
    </message>
    <message>
        <source>MCP servers are not available in this window.</source>
        <translation>このウィンドウでは MCP サーバーを使用できません。</translation>
    </message>
    <message>
        <source>Not while tools are set: the engine sends no probabilities with tools.</source>
        <translation>ツールが設定されている間は使えません。ツール使用時、エンジンは確率を送信しません。</translation>
    </message>
    <message>
        <source>Tints each token of an answer by how likely it was; hover a token to see the alternatives.</source>
        <translation>回答の各トークンを確率に応じて色分けします。トークンにポインターを合わせると候補が表示されます。</translation>
    </message>
</context>
<context>
    <name>VariantGrid</name>
    <message>
        <source>Base (this plan)</source>
        <translation>ベース(このプラン)</translation>
    </message>
    <message>
        <source>Add a variant</source>
        <translation>バリエーションを追加</translation>
    </message>
    <message>
        <source>Add a variant to compare with the base</source>
        <translation>ベースと比較するバリエーションを追加</translation>
    </message>
    <message>
        <source>on</source>
        <translation>オン</translation>
    </message>
    <message>
        <source>off</source>
        <translation>オフ</translation>
    </message>
    <message>
        <source>{n} layers on {device}</source>
        <translation>{device} に {n} レイヤー</translation>
    </message>
    <message>
        <source>Layers on {device}</source>
        <translation>{device} のレイヤー</translation>
    </message>
    <message>
        <source>Layers with experts on the CPU</source>
        <translation>エキスパートを CPU に置くレイヤー</translation>
    </message>
    <message>
        <source>experts of {n} layers on the CPU</source>
        <translation>{n} レイヤーのエキスパートを CPU に</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>テンソル並列</translation>
    </message>
    <message>
        <source>tensor parallel</source>
        <translation>テンソル並列</translation>
    </message>
    <message>
        <source>split by layer</source>
        <translation>レイヤー単位で分割</translation>
    </message>
    <message>
        <source>KV cache type</source>
        <translation>KV キャッシュの型</translation>
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
        <translation>flash attention オン</translation>
    </message>
    <message>
        <source>flash attention off</source>
        <translation>flash attention オフ</translation>
    </message>
    <message>
        <source>Micro-batch (tokens)</source>
        <translation>マイクロバッチ (トークン)</translation>
    </message>
    <message>
        <source>micro-batch {n}</source>
        <translation>マイクロバッチ {n}</translation>
    </message>
    <message>
        <source>CPU threads</source>
        <translation>CPU スレッド</translation>
    </message>
    <message>
        <source>threads {n}</source>
        <translation>スレッド {n}</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>自動</translation>
    </message>
</context>
<context>
    <name>WaysIn</name>
    <message>
        <source>No models yet. Start from a GGUF file you have, a folder of them, or find one on Hugging Face.</source>
        <translation>まだモデルがありません。手元の GGUF ファイルやそのフォルダーから始めるか、Hugging Face で探してください。</translation>
    </message>
    <message>
        <source>Open GGUF file…</source>
        <translation>GGUF ファイルを開く…</translation>
    </message>
    <message>
        <source>Add a folder…</source>
        <translation>フォルダーを追加…</translation>
    </message>
    <message>
        <source>Discover</source>
        <translation>見つける</translation>
    </message>
    <message>
        <source>Search Hugging Face for GGUF models</source>
        <translation>Hugging Face で GGUF モデルを検索</translation>
    </message>
</context>
<context>
    <name>_Column</name>
    <message>
        <source>Remove</source>
        <translation>削除</translation>
    </message>
    <message>
        <source>{knob} of variant {n}</source>
        <translation>バリエーション {n} の{knob}</translation>
    </message>
    <message>
        <source>Remove variant {n}</source>
        <translation>バリエーション {n} を削除</translation>
    </message>
    <message>
        <source>same as the base</source>
        <translation>ベースと同じ</translation>
    </message>
</context>
<context>
    <name>context</name>
    <message>
        <source>{document}, page {page}</source>
        <translation>{document}、{page} ページ</translation>
    </message>
</context>
<context>
    <name>parent</name>
    <message>
        <source>Use {device}</source>
        <translation>{device} を使う</translation>
    </message>
    <message>
        <source>Layers on {device}</source>
        <translation>{device} のレイヤー</translation>
    </message>
    <message>
        <source>Choose a draft model</source>
        <translation>ドラフトモデルを選択</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF モデル (*.gguf)</translation>
    </message>
    <message>
        <source>The plan does not fit</source>
        <translation>計画が収まりません</translation>
    </message>
    <message>
        <source>This plan needs more memory than is free. Loading it may fail with an out-of-memory error, or slow the whole computer down.</source>
        <translation>この計画には空きメモリより多くのメモリが必要です。読み込みがメモリ不足で失敗するか、コンピューター全体が遅くなる可能性があります。</translation>
    </message>
    <message>
        <source>Load anyway</source>
        <translation>それでも読み込む</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 画像 (*.png)</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>CSV 表 (*.csv)</translation>
    </message>
    <message>
        <source>JSON document (*.json)</source>
        <translation>JSON ドキュメント (*.json)</translation>
    </message>
    <message>
        <source>Export the benchmark</source>
        <translation>ベンチマークをエクスポート</translation>
    </message>
</context>
<context>
    <name>text</name>
    <message>
        <source>Reconnecting in {delay:.0f} s ({reason})</source>
        <translation>{delay:.0f} 秒後に再接続（{reason}）</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>待機中</translation>
    </message>
    <message>
        <source>Checking disk space</source>
        <translation>ディスク容量を確認中</translation>
    </message>
    <message>
        <source>Downloading</source>
        <translation>ダウンロード中</translation>
    </message>
    <message>
        <source>Reconnecting</source>
        <translation>再接続中</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>一時停止中</translation>
    </message>
    <message>
        <source>Done, verified</source>
        <translation>完了（検証済み）</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失敗</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>キャンセル済み</translation>
    </message>
</context>
</TS>
