<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="ja">
<context>
    <name></name>
    <message>
        <source>{size}/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{h} h {m} min</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{m} min {s} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{s} s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fits on GPU · {context} context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Partly on CPU ({gpu}/{total} layers on GPU) · {context} context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU only · {context} context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The header could not be read ({code}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{arch}, {params} parameters. Needs {gpu} on GPUs and {host} in RAM at {context} context (trained: {trained}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot reach the Hugging Face Hub. Check the network connection, and the proxy and endpoint in Settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not found on the Hub: {target}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This repository is gated or private. Add a Hugging Face token in Settings and accept the model&apos;s terms on its Hub page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The Hub answered with an error (HTTP {status}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not enough disk space: {needed} needed, {free} free in {path}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{file} did not match the Hub&apos;s checksum, even when downloaded again. The damaged copy was deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{file} kept failing ({reason}). Resume to try again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Refused a file name that would write outside the target folder: {name}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot write to {path}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is not a usable GGUF model file ({reason}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is a vision projector (mmproj), not a model: load it together with its model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file cannot be read: {path}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s header cannot be read ({code}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Something went wrong ({code}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{device} needs {needed} but may use {budget}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System RAM needs {needed} but may use {budget}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A remembered device is not present any more ({key}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ready</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Crashed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Restarting after a crash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>starting the engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loading the weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>creating the context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warming up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The llama-server binary was not found.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The llama-server binary cannot be executed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine refused an argument; see the log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The port was already in use.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model file does not exist.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file is not a valid GGUF model (truncated or corrupt).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This engine does not know the model&apos;s architecture; a newer llama-server is needed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A quantized V cache needs flash attention on.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vision projector failed to load.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of memory while loading the weights.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of memory for the KV cache: lower the context.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Out of memory for the compute buffers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine was killed, most likely by the system for lack of memory.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine crashed ({signal}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine did not become ready in time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine crashed repeatedly; it is not restarted again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine exited (code {exit_code}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retried on another port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retried with flash attention off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retried with the vision projector on the CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retried without the vision projector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retried without speculative decoding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retried with layer split instead of tensor parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retried with a smaller plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{step}, after: {cause}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{state}: {phase}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{state}: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ChatPane</name>
    <message>
        <source>No model loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message (Enter sends, Shift+Enter starts a new line)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send the message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading {model}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} is ready.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine stopped unexpectedly; restarting it…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine crashed and was restarted; {model} is ready again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} could not start as planned. {step}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} could not be loaded: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} was unloaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} was not loaded automatically: the app closed unexpectedly while loading it last time. Load it again from the Library when you are ready.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The last model, {model}, was not loaded automatically: its file is gone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>they were saved by a newer version of GGUF Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the file is damaged or not a database</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your saved conversations could not be opened ({reason}). They are left as they are; conversations in this session will not be kept.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Editing an earlier message: sending replaces it and everything after it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resend</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;New conversation&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load a model to chat.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load a model first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine refused the request.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection to the engine was lost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation could not be exported.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Something went wrong ({code}).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConversationList</name>
    <message>
        <source>Search conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename the conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{when} · {count} messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete “{title}” and all its messages?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Markdown (*.md)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export conversation</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConversationView</name>
    <message>
        <source>Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assistant ({model})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thinking… ({count} characters)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reasoning ({count} characters)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{rate:.1f} tokens/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>first token {ms:.0f} ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{n} tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interrupted: the app closed while this answer was written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Interrupted: the connection to the engine was lost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine refused this request ({code}).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DeviceMemoryBar</name>
    <message>
        <source>Memory of {device}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan {plan} of {usable} usable ({free} free of {total})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{over} over budget</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine allocated {actual} (predicted {plan})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>In use now: {live}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute buffers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output buffer and overhead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DiscoverPage</name>
    <message>
        <source>Search GGUF models, e.g. qwen3 or llama 8b</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sort results by</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most downloaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Most liked</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recently updated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Trending</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Filter these results</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load more</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a repository to see its files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Files of the repository</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Include the vision projector (mmproj)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download into</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Download</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Into:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GGUF repositories match “{query}”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Loading {repo}…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>License: {license}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Based on {model}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model card has no summary.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This repository has no GGUF model files.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The repository could not be opened.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> + vision projector</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DownloadPanel</name>
    <message>
        <source>Downloads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>DownloadsModel</name>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time left</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LibraryModel</name>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Location</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HF cache: {repo}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} ({count} parts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{arch} (vision projector)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LibraryPage</name>
    <message>
        <source>Filter by name, architecture, quant…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Models on this computer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rescan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import a GGUF file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show in file manager</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Import a GGUF model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It is removed from the Hugging Face cache, for every app that uses it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file is deleted from disk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete {name} ({size})?
{where}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GGUF models yet: download one in Discover or import a file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Imported {name}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Deleted {name}.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LiveMemoryLabel</name>
    <message>
        <source>Memory in use</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RAM {used}/{total}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>engine {rss}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LoadDialog</name>
    <message>
        <source>Load {model}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System RAM</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why the plan looks like this</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command that will run:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command that will run, API key redacted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close without loading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{arch}, {params:.1f} B parameters, {layers} layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>trained context {ctx}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE: {used} of {experts} experts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Devices and layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU: the model runs on the CPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers whose experts stay on the CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE experts on CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallel (split every layer)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallelism</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context length in tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the largest context and placement that fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Options</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>K cache type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>V cache type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parallel slots</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vision projector (mmproj)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load the vision projector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Speculative decoding with the model&apos;s MTP layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MTP speculative decoding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load anyway…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallelism splits every layer over the devices.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{layers} of {positions} layers on the CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every layer is split over the devices ({split}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model is dense: it has no experts to keep on the CPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tensor parallelism keeps every expert on the GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Experts of {n} of {max} layers on the CPU ({moved} moved to RAM); each step moves {step}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every layer is split over all enabled devices.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (automatic)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No context fits with this placement.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Largest that fits: {largest}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{ctx} tokens{automatic}; trained {trained}. {marker}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This llama-server build cannot change the KV cache type.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This llama-server build has no flash attention switch.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No mmproj file was found beside the model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This llama-server build cannot load a projector.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{file}: {size}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s own MTP layers draft tokens; their KV is reserved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Fits.&lt;/b&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Does not fit.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LoadFlow</name>
    <message>
        <source>Open a GGUF model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine is not ready yet; see the Server page.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A remote RPC device did not answer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A remote RPC device is not host:port.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This file cannot be loaded as a GGUF model.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot load the model</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>LoadedMemoryPanel</name>
    <message>
        <source>Memory of the loaded model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model loaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Predicted; waiting for the engine to report.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine allocated {ratio:.0%} of the predicted buffers.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine&apos;s log reports no buffer sizes (it needs -lv 4).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>GGUF Studio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Areas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Chat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load a model to start a conversation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Discover</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search Hugging Face for GGUF models and see whether they fit.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Library</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The GGUF models on this computer.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The llama-server engine, its state and log.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine, model folders and appearance.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine: probing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine: llama-server {version} ({source})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine unavailable</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryDock</name>
    <message>
        <source>GPU memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking for devices…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No GPU found by the engine: models run on the CPU.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: {free} of {total} MiB free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine could not be started:
{detail}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MemoryPanel</name>
    <message>
        <source>Memory per device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Used by others</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RepoFilesModel</name>
    <message>
        <source>Quant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} ({count} parts)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> — incomplete upload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name} (vision projector)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SamplingPanel</name>
    <message>
        <source>System prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The template&apos;s default system prompt</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min-p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Top-k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Maximum tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Random</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Template default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Off</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load a model to see whether it can think.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This model&apos;s chat template has no thinking switch.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SearchResultsModel</name>
    <message>
        <source>Repository</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Downloads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Likes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Updated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (gated)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ServerPage</name>
    <message>
        <source>Memory: predicted, allocated by the engine, in use now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Process</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recovery</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unload model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unload the model and stop the engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Probing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Binary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Supports</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Local API</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address of the running engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Address</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine listens on loopback only, with a fresh API key per start. For an OpenAI-compatible API other programs can use, run &lt;code&gt;studio serve MODEL.gguf --port 8080&lt;/code&gt;: it serves &lt;code&gt;http://127.0.0.1:8080/v1&lt;/code&gt; through the same manager, with crash recovery.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command line of the engine, secrets redacted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the command line</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Command</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scroll to new log lines</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{ctx} tokens, {slots} slot(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pid {pid}; {spawns} start(s), {respawns} after a crash</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>llama-server {version} ({source})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{name}: {description}, {free} of {total} MiB free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None: models run on the CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MoE experts on the CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>tensor parallel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RPC devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vision projectors</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MTP speculative decoding</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>KV cache types: {types}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unavailable: {detail}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ServerStatusLabel</name>
    <message>
        <source>Model and engine state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{model} — {state}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsPage</name>
    <message>
        <source>Engine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Bundled llama-server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>llama-server binary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose the llama-server binary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use bundled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the bundled llama-server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Binary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not probed yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engine status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A different engine is used from the next start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model folders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folders searched for GGUF models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a model folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the selected model folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remote devices (llama.cpp RPC)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Machines running ggml-rpc-server, as host:port. Their memory appears in the load dialog beside your GPUs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remote RPC devices</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New remote device as host:port</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add the remote device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the selected remote device</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System proxy settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proxy for downloads</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proxy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hugging Face access token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check and save the access token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove the stored access token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new language applies at the next start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>llama-server {version} ({source}) at {path}; {devices} device(s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The engine cannot be used: {detail}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the engine…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose llama-server</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a folder with models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“{text}” is not host:port (for example 192.168.1.20:50052).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A token is stored: {masked}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No token: gated and private models cannot be downloaded.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paste a token first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking the token with Hugging Face…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The token was not saved: {reason}</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>StudioAreas</name>
    <message>
        <source>&amp;Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open GGUF…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Unload</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>parent</name>
    <message>
        <source>Use {device}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers on {device}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The plan does not fit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This plan needs more memory than is free. Loading it may fail with an out-of-memory error, or slow the whole computer down.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Load anyway</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>text</name>
    <message>
        <source>Reconnecting in {delay:.0f} s ({reason})</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queued</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking disk space</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Downloading</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reconnecting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Paused</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done, verified</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
