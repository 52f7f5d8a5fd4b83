<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
<context>
    <name></name>
    <message>
        <source>{size}/s</source>
        <translation>{size}/s</translation>
    </message>
    <message>
        <source>{h} h {m} min</source>
        <translation>{h} h {m} min</translation>
    </message>
    <message>
        <source>{m} min {s} s</source>
        <translation>{m} min {s} s</translation>
    </message>
    <message>
        <source>{s} s</source>
        <translation>{s} s</translation>
    </message>
    <message>
        <source>Fits on GPU · {context} context</source>
        <translation>Passt auf die GPU · Kontext {context}</translation>
    </message>
    <message>
        <source>Partly on CPU ({gpu}/{total} layers on GPU) · {context} context</source>
        <translation>Teilweise auf der CPU ({gpu}/{total} Schichten auf der GPU) · Kontext {context}</translation>
    </message>
    <message>
        <source>CPU only · {context} context</source>
        <translation>Nur CPU · Kontext {context}</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>Passt nicht</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Unbekannt</translation>
    </message>
    <message>
        <source>{arch}, {params} parameters. Needs {gpu} on GPUs and {host} in RAM at {context} context (trained: {trained}).</source>
        <translation>{arch}, {params} Parameter. Braucht {gpu} auf GPUs und {host} im RAM bei Kontext {context} (trainiert: {trained}).</translation>
    </message>
    <message>
        <source>Older version</source>
        <translation>Ältere Version</translation>
    </message>
    <message>
        <source>Newer version</source>
        <translation>Neuere Version</translation>
    </message>
    <message>
        <source>{position}/{count}</source>
        <translation>{position}/{count}</translation>
    </message>
    <message>
        <source>chosen in Settings</source>
        <translation>in den Einstellungen gewählt</translation>
    </message>
    <message>
        <source>from STUDIO_LLAMA_SERVER</source>
        <translation>aus STUDIO_LLAMA_SERVER</translation>
    </message>
    <message>
        <source>built here</source>
        <translation>hier gebaut</translation>
    </message>
    <message>
        <source>bundled</source>
        <translation>mitgeliefert</translation>
    </message>
    <message>
        <source>on the PATH</source>
        <translation>im PATH</translation>
    </message>
    <message>
        <source>System RAM</source>
        <translation>Arbeitsspeicher (RAM)</translation>
    </message>
</context>
<context>
    <name>AlertBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>Schließen</translation>
    </message>
</context>
<context>
    <name>ApiPanel</name>
    <message>
        <source>Local API (OpenAI-compatible)</source>
        <translation>Lokale API (OpenAI-kompatibel)</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>Port of the local API</source>
        <translation>Port der lokalen API</translation>
    </message>
    <message>
        <source>Reachable from other computers on the network</source>
        <translation>Von anderen Computern im Netzwerk erreichbar</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Base URL of the local API</source>
        <translation>Basis-URL der lokalen API</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Copy the API address</source>
        <translation>API-Adresse kopieren</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>API-Schlüssel</translation>
    </message>
    <message>
        <source>Made when the API first starts</source>
        <translation>Wird beim ersten Start der API erzeugt</translation>
    </message>
    <message>
        <source>API key clients must send</source>
        <translation>API-Schlüssel, den Clients senden müssen</translation>
    </message>
    <message>
        <source>Copy the API key</source>
        <translation>API-Schlüssel kopieren</translation>
    </message>
    <message>
        <source>New key</source>
        <translation>Neuer Schlüssel</translation>
    </message>
    <message>
        <source>Make a new API key; the old one stops working</source>
        <translation>Neuen API-Schlüssel erzeugen; der alte funktioniert dann nicht mehr</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Requests the local API answered</source>
        <translation>Von der lokalen API beantwortete Anfragen</translation>
    </message>
    <message>
        <source>Request columns</source>
        <translation>Spalten der Anfragen</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Anfrage</translation>
    </message>
    <message>
        <source>Took</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Starten</translation>
    </message>
    <message>
        <source>Stop the local API</source>
        <translation>Lokale API beenden</translation>
    </message>
    <message>
        <source>Start the local API</source>
        <translation>Lokale API starten</translation>
    </message>
    <message>
        <source>The local API needs an engine; choose one in Settings &gt; Engine.</source>
        <translation>Die lokale API braucht eine Engine; wählen Sie eine unter Einstellungen &gt; Engine.</translation>
    </message>
    <message>
        <source>Running. Programs use the address as their OpenAI base URL and the key as their API key; they get the model loaded here, or name another from the Library to load it.</source>
        <translation>Läuft. Programme verwenden die Adresse als OpenAI-Basis-URL und den Schlüssel als API-Schlüssel; sie erhalten das hier geladene Modell oder nennen ein anderes aus der Bibliothek, um es zu laden.</translation>
    </message>
    <message>
        <source>Other computers on your network can reach it.</source>
        <translation>Andere Computer in Ihrem Netzwerk können sie erreichen.</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Wird gestartet…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Wird beendet…</translation>
    </message>
    <message>
        <source>Stopped. Start it to let other programs chat with the model loaded here.</source>
        <translation>Beendet. Starten Sie sie, damit andere Programme mit dem hier geladenen Modell chatten können.</translation>
    </message>
    <message>
        <source>client left</source>
        <translation>Client getrennt</translation>
    </message>
    <message>
        <source>{ms} ms</source>
        <translation>{ms} ms</translation>
    </message>
    <message>
        <source>{s} s</source>
        <translation>{s} s</translation>
    </message>
    <message numerus="yes">
        <source>%n request(s)</source>
        <translation>
            <numerusform>%n Anfrage</numerusform>
            <numerusform>%n Anfragen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with an error</source>
        <translation>
            <numerusform>%n mit Fehler</numerusform>
            <numerusform>%n mit Fehler</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BenchDialog</name>
    <message>
        <source>Benchmark {model}</source>
        <translation>Benchmark {model}</translation>
    </message>
    <message>
        <source>Variants of the plan</source>
        <translation>Varianten des Plans</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Ergebnisse</translation>
    </message>
    <message>
        <source>How to measure</source>
        <translation>Wie gemessen wird</translation>
    </message>
    <message>
        <source>Runs per variant</source>
        <translation>Durchläufe pro Variante</translation>
    </message>
    <message>
        <source>Prompt lengths in tokens</source>
        <translation>Prompt-Längen in Token</translation>
    </message>
    <message>
        <source>Those longer than the context are left out.</source>
        <translation>Längere als der Kontext bleiben außen vor.</translation>
    </message>
    <message>
        <source>Prompt lengths (tokens)</source>
        <translation>Prompt-Längen (Token)</translation>
    </message>
    <message>
        <source>Tokens written per request</source>
        <translation>Pro Anfrage geschriebene Token</translation>
    </message>
    <message>
        <source>Tokens written</source>
        <translation>Geschriebene Token</translation>
    </message>
    <message>
        <source>Find the fastest…</source>
        <translation>Den schnellsten finden…</translation>
    </message>
    <message>
        <source>Search around this plan for the fastest plan that fits</source>
        <translation>Rund um diesen Plan den schnellsten Plan suchen, der passt</translation>
    </message>
    <message>
        <source>Start the search</source>
        <translation>Suche starten</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Nicht jetzt</translation>
    </message>
    <message>
        <source>Do not start the search</source>
        <translation>Die Suche nicht starten</translation>
    </message>
    <message>
        <source>Benchmark progress</source>
        <translation>Benchmark-Fortschritt</translation>
    </message>
    <message>
        <source>Cancel the benchmark</source>
        <translation>Benchmark abbrechen</translation>
    </message>
    <message>
        <source>Benchmark this plan</source>
        <translation>Diesen Plan messen</translation>
    </message>
    <message>
        <source>Run the A/B</source>
        <translation>A/B starten</translation>
    </message>
    <message>
        <source>Measure this plan</source>
        <translation>Diesen Plan messen</translation>
    </message>
    <message numerus="yes">
        <source>Measure the base and %n variant(s) in turn</source>
        <translation>
            <numerusform>Die Basis und %n Variante abwechselnd messen</numerusform>
            <numerusform>Die Basis und %n Varianten abwechselnd messen</numerusform>
        </translation>
    </message>
    <message>
        <source>Planning the variants…</source>
        <translation>Die Varianten werden geplant…</translation>
    </message>
    <message>
        <source>Planning the variants to try…</source>
        <translation>Die zu testenden Varianten werden geplant…</translation>
    </message>
    <message>
        <source>{variants} variants to try, {runs} runs at most: about {time}.</source>
        <translation>{variants} Varianten zu testen, höchstens {runs} Durchläufe: etwa {time}.</translation>
    </message>
    <message>
        <source>Estimated from the last benchmark of this plan.</source>
        <translation>Geschätzt aus dem letzten Benchmark dieses Plans.</translation>
    </message>
    <message>
        <source>A rough guess: nothing was measured yet.</source>
        <translation>Eine grobe Schätzung: Es wurde noch nichts gemessen.</translation>
    </message>
    <message numerus="yes">
        <source>%n more do not fit and are left out.</source>
        <translation>
            <numerusform>%n weitere passt nicht und bleibt außen vor.</numerusform>
            <numerusform>%n weitere passen nicht und bleiben außen vor.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n second(s)</source>
        <translation>
            <numerusform>%n Sekunde</numerusform>
            <numerusform>%n Sekunden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation>
            <numerusform>%n Minute</numerusform>
            <numerusform>%n Minuten</numerusform>
        </translation>
    </message>
    <message>
        <source>Starting the search…</source>
        <translation>Die Suche startet…</translation>
    </message>
    <message>
        <source>Loading {variant}…</source>
        <translation>{variant} wird geladen…</translation>
    </message>
    <message>
        <source>Warming up {variant}…</source>
        <translation>{variant} wird aufgewärmt…</translation>
    </message>
    <message>
        <source>Measuring {variant}: run {run} of {runs}…</source>
        <translation>{variant} wird gemessen: Durchlauf {run} von {runs}…</translation>
    </message>
    <message>
        <source>Loading again what was loaded before…</source>
        <translation>Was vorher geladen war, wird wieder geladen…</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>Fertig.</translation>
    </message>
    <message>
        <source>Cancelled; what was loaded before is loaded again.</source>
        <translation>Abgebrochen; was vorher geladen war, ist wieder geladen.</translation>
    </message>
    <message>
        <source>Stopping, then loading again what was loaded before…</source>
        <translation>Wird angehalten, dann wird wieder geladen, was vorher geladen war…</translation>
    </message>
</context>
<context>
    <name>BenchPlots</name>
    <message>
        <source>Benchmark plots</source>
        <translation>Benchmark-Diagramme</translation>
    </message>
    <message>
        <source>The figures are plotted here once a benchmark has run.</source>
        <translation>Die Zahlen werden hier gezeichnet, sobald ein Benchmark gelaufen ist.</translation>
    </message>
    <message>
        <source>Generation (tokens/s)</source>
        <translation>Generierung (Token/s)</translation>
    </message>
    <message>
        <source>Prompt processing (tokens/s)</source>
        <translation>Prompt-Verarbeitung (Token/s)</translation>
    </message>
    <message>
        <source>Memory per device</source>
        <translation>Speicher pro Gerät</translation>
    </message>
    <message>
        <source>Memory per device ({unit})</source>
        <translation>Speicher pro Gerät ({unit})</translation>
    </message>
    <message>
        <source>{device}: {size}</source>
        <translation>{device}: {size}</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Berechnung</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>Overhead</translation>
    </message>
    <message>
        <source>Prompt cache</source>
        <translation>Prompt-Cache</translation>
    </message>
</context>
<context>
    <name>BenchResults</name>
    <message>
        <source>The measured plan to use</source>
        <translation>Der gemessene Plan, der verwendet werden soll</translation>
    </message>
    <message>
        <source>Use this plan</source>
        <translation>Diesen Plan verwenden</translation>
    </message>
    <message>
        <source>Put this plan into the load dialog</source>
        <translation>Diesen Plan in den Ladedialog übernehmen</translation>
    </message>
    <message>
        <source>Earlier results for this model and devices</source>
        <translation>Frühere Ergebnisse für dieses Modell und diese Geräte</translation>
    </message>
    <message>
        <source>Earlier results</source>
        <translation>Frühere Ergebnisse</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>Save the result as PNG, CSV or JSON</source>
        <translation>Das Ergebnis als PNG, CSV oder JSON speichern</translation>
    </message>
    <message>
        <source>Fastest: {variant}.</source>
        <translation>Am schnellsten: {variant}.</translation>
    </message>
    <message>
        <source>{variant}: {generation} tokens/s generating, {prompt} tokens/s reading the prompt, the first token after {first} s.</source>
        <translation>{variant}: {generation} Token/s beim Generieren, {prompt} Token/s beim Lesen des Prompts, das erste Token nach {first} s.</translation>
    </message>
    <message>
        <source>{variant}: {problem}</source>
        <translation>{variant}: {problem}</translation>
    </message>
    <message>
        <source>{variant}: stopped after one run, clearly slower.</source>
        <translation>{variant}: nach einem Durchlauf angehalten, deutlich langsamer.</translation>
    </message>
    <message>
        <source>benchmark</source>
        <translation>Benchmark</translation>
    </message>
    <message>
        <source>A/B</source>
        <translation>A/B</translation>
    </message>
    <message>
        <source>search for the fastest</source>
        <translation>Suche nach dem schnellsten</translation>
    </message>
    <message>
        <source>{when}, {kind}: {variants}</source>
        <translation>{when}, {kind}: {variants}</translation>
    </message>
    <message>
        <source>{changes}: used for this load, not remembered for the next.</source>
        <translation>{changes}: für dieses Laden verwendet, für das nächste nicht gemerkt.</translation>
    </message>
    <message>
        <source>{changes}: not part of a plan, so a load from the dialog leaves it to the engine.</source>
        <translation>{changes}: kein Teil eines Plans, daher überlässt ein Laden aus dem Dialog das der Engine.</translation>
    </message>
    <message>
        <source>Saved to {path}.</source>
        <translation>Gespeichert unter {path}.</translation>
    </message>
</context>
<context>
    <name>ChatFirst</name>
    <message>
        <source>Open a GGUF model</source>
        <translation>Ein GGUF-Modell öffnen</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF-Modelle (*.gguf)</translation>
    </message>
    <message>
        <source>Add a folder of GGUF models</source>
        <translation>Ordner mit GGUF-Modellen hinzufügen</translation>
    </message>
    <message>
        <source>{model} could not be loaded: {reason}</source>
        <translation>{model} konnte nicht geladen werden: {reason}</translation>
    </message>
    <message>
        <source>The model</source>
        <translation>Das Modell</translation>
    </message>
    <message>
        <source>Change load settings…</source>
        <translation>Ladeeinstellungen ändern…</translation>
    </message>
</context>
<context>
    <name>ChatPane</name>
    <message>
        <source>No model loaded.</source>
        <translation>Kein Modell geladen.</translation>
    </message>
    <message>
        <source>Cancel edit</source>
        <translation>Bearbeiten abbrechen</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Nachricht</translation>
    </message>
    <message>
        <source>Message (Enter sends, Shift+Enter starts a new line)</source>
        <translation>Nachricht (Eingabe sendet, Umschalt+Eingabe beginnt eine neue Zeile)</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Senden</translation>
    </message>
    <message>
        <source>Send the message</source>
        <translation>Die Nachricht senden</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stopp</translation>
    </message>
    <message>
        <source>Stop the answer</source>
        <translation>Die Antwort anhalten</translation>
    </message>
    <message>
        <source>Show or hide the inspector</source>
        <translation>Inspektor ein- oder ausblenden</translation>
    </message>
    <message>
        <source>System prompt, sampling and memory</source>
        <translation>Systemprompt, Sampling und Speicher</translation>
    </message>
    <message>
        <source>{problem}
Your saved conversations are left as they are; conversations in this session will not be kept.</source>
        <translation>{problem}
Ihre gespeicherten Unterhaltungen bleiben, wie sie sind; Unterhaltungen dieser Sitzung werden nicht gespeichert.</translation>
    </message>
    <message>
        <source>Editing an earlier message: sending makes a new version of it and answers anew; the conversation that followed the old one stays, a page away.</source>
        <translation>Sie bearbeiten eine frühere Nachricht: Beim Senden entsteht eine neue Version davon mit einer neuen Antwort; die Unterhaltung nach der alten Version bleibt erhalten, eine Seite weiter.</translation>
    </message>
    <message>
        <source>Resend</source>
        <translation>Erneut senden</translation>
    </message>
    <message>
        <source>&lt;b&gt;New conversation&lt;/b&gt;</source>
        <translation>&lt;b&gt;Neue Unterhaltung&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Load a model to chat.</source>
        <translation>Laden Sie ein Modell, um zu chatten.</translation>
    </message>
</context>
<context>
    <name>CitationLinks</name>
    <message>
        <source>Sources: {links}</source>
        <translation>Quellen: {links}</translation>
    </message>
</context>
<context>
    <name>ContextMeter</name>
    <message>
        <source>{used} / {size} tokens</source>
        <translation>{used} / {size} Tokens</translation>
    </message>
    <message>
        <source>The system prompt, the conversation and your message, in the model&apos;s tokens</source>
        <translation>Systemprompt, Unterhaltung und Ihre Nachricht in Tokens des Modells</translation>
    </message>
    <message>
        <source>This does not fit whole: it needs {used} tokens and the context holds {size}, so the oldest messages will be left out of the request.</source>
        <translation>Das passt nicht vollständig: Es braucht {used} Tokens, der Kontext fasst {size}, daher werden die ältesten Nachrichten aus der Anfrage weggelassen.</translation>
    </message>
    <message>
        <source>This message does not fit even without the earlier messages: with the system prompt it needs {floor} tokens and the context holds {size}. Shorten it or load the model with a larger context.</source>
        <translation>Diese Nachricht passt selbst ohne die früheren Nachrichten nicht: Mit dem Systemprompt braucht sie {floor} Tokens, der Kontext fasst {size}. Kürzen Sie sie oder laden Sie das Modell mit einem größeren Kontext.</translation>
    </message>
    <message>
        <source>Sending now needs {used} tokens, but the context holds {size}. Shorten the message, start a new conversation, or let the chat drop the oldest messages (Inspector &gt; Context).</source>
        <translation>Das Senden braucht jetzt {used} Tokens, der Kontext fasst aber nur {size}. Kürzen Sie die Nachricht, beginnen Sie eine neue Unterhaltung oder lassen Sie den Chat die ältesten Nachrichten weglassen (Inspektor &gt; Kontext).</translation>
    </message>
    <message>
        <source>The context is nearly full: {left} tokens are left for this answer and what follows.</source>
        <translation>Der Kontext ist fast voll: Für diese Antwort und alles Weitere bleiben {left} Tokens.</translation>
    </message>
</context>
<context>
    <name>ContextSettings</name>
    <message>
        <source>Thinking budget</source>
        <translation>Denkbudget</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>Unbegrenzt</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> Tokens</translation>
    </message>
    <message>
        <source>How many tokens the model may think before it must answer.</source>
        <translation>Wie viele Tokens das Modell nachdenken darf, bevor es antworten muss.</translation>
    </message>
    <message>
        <source>When the context is full</source>
        <translation>Wenn der Kontext voll ist</translation>
    </message>
    <message>
        <source>Stop and say so</source>
        <translation>Anhalten und Bescheid geben</translation>
    </message>
    <message>
        <source>Drop the oldest messages</source>
        <translation>Älteste Nachrichten weglassen</translation>
    </message>
    <message>
        <source>Dropping leaves the oldest messages out of the request (never the system prompt) until it fits; the conversation itself keeps them.</source>
        <translation>Beim Weglassen fehlen die ältesten Nachrichten in der Anfrage (nie der Systemprompt), bis sie passt; die Unterhaltung selbst behält sie.</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Kontext</translation>
    </message>
</context>
<context>
    <name>ConversationList</name>
    <message>
        <source>Search conversations</source>
        <translation>Unterhaltungen durchsuchen</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Unterhaltungen</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Neue Unterhaltung</translation>
    </message>
    <message>
        <source>Rename the conversation</source>
        <translation>Die Unterhaltung umbenennen</translation>
    </message>
    <message>
        <source>Delete the conversation</source>
        <translation>Die Unterhaltung löschen</translation>
    </message>
    <message>
        <source>Export the conversation</source>
        <translation>Die Unterhaltung exportieren</translation>
    </message>
    <message numerus="yes">
        <source>{when} · %n message(s)</source>
        <translation>
            <numerusform>{when} · %n Nachricht</numerusform>
            <numerusform>{when} · %n Nachrichten</numerusform>
        </translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation>Unterhaltung umbenennen</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>Titel:</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>Unterhaltung löschen</translation>
    </message>
    <message>
        <source>Delete “{title}” and all its messages?</source>
        <translation>„{title}“ und alle zugehörigen Nachrichten löschen?</translation>
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
        <translation>Unterhaltung exportieren</translation>
    </message>
</context>
<context>
    <name>ConversationView</name>
    <message>
        <source>Conversation</source>
        <translation>Unterhaltung</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Sie</translation>
    </message>
    <message>
        <source>System</source>
        <translation>System</translation>
    </message>
    <message>
        <source>Assistant ({model})</source>
        <translation>Assistent ({model})</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
    <message>
        <source>Thinking… ({count} characters)</source>
        <translation>Denkt nach… ({count} Zeichen)</translation>
    </message>
    <message>
        <source>Reasoning ({count} characters)</source>
        <translation>Gedankengang ({count} Zeichen)</translation>
    </message>
    <message>
        <source>code</source>
        <translation>Code</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Bearbeiten</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Neu erzeugen</translation>
    </message>
    <message>
        <source>{rate:.1f} tokens/s</source>
        <translation>{rate:.1f} Tokens/s</translation>
    </message>
    <message>
        <source>first token {ms:.0f} ms</source>
        <translation>erstes Token {ms:.0f} ms</translation>
    </message>
    <message>
        <source>{n} tokens</source>
        <translation>{n} Tokens</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Schreibt…</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Angehalten.</translation>
    </message>
</context>
<context>
    <name>DeviceMemoryBar</name>
    <message>
        <source>Memory of {device}</source>
        <translation>Speicher von {device}</translation>
    </message>
    <message>
        <source>Plan {plan} of {usable} usable ({free} free of {total})</source>
        <translation>Plan {plan} von {usable} nutzbar ({free} frei von {total})</translation>
    </message>
    <message>
        <source>Includes a prompt cache of {cache} that fills with use</source>
        <translation>Enthält einen Prompt-Cache von {cache}, der sich mit der Nutzung füllt</translation>
    </message>
    <message>
        <source>{over} over budget</source>
        <translation>{over} über dem Budget</translation>
    </message>
    <message>
        <source>Models staying loaded hold {taken}</source>
        <translation>Weiterhin geladene Modelle belegen {taken}</translation>
    </message>
    <message>
        <source>Engine allocated {actual} (predicted {plan})</source>
        <translation>Engine belegte {actual} (vorhergesagt {plan})</translation>
    </message>
    <message>
        <source>In use now: {live}</source>
        <translation>Jetzt belegt: {live}</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>Compute buffers</source>
        <translation>Rechenpuffer</translation>
    </message>
    <message>
        <source>Output buffer and overhead</source>
        <translation>Ausgabepuffer und Overhead</translation>
    </message>
    <message>
        <source>Prompt cache (fills with use)</source>
        <translation>Prompt-Cache (füllt sich mit der Nutzung)</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>Vorhergesagt</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
</context>
<context>
    <name>DeviceMemoryView</name>
    <message>
        <source>Looking for devices…</source>
        <translation>Geräte werden gesucht…</translation>
    </message>
    <message>
        <source>Device memory</source>
        <translation>Gerätespeicher</translation>
    </message>
    <message>
        <source>The loaded model&apos;s engine holds {size} of RAM.</source>
        <translation>Die Engine des geladenen Modells belegt {size} RAM.</translation>
    </message>
    <message>
        <source>The engine could not be started:
{detail}</source>
        <translation>Die Engine konnte nicht gestartet werden:
{detail}</translation>
    </message>
    <message>
        <source>{name}: {free} of {total} MiB free</source>
        <translation>{name}: {free} von {total} MiB frei</translation>
    </message>
    <message>
        <source>No GPU found: models run on the CPU.</source>
        <translation>Keine GPU gefunden: Modelle laufen auf der CPU.</translation>
    </message>
    <message>
        <source>{name}: {free} of {total} free</source>
        <translation>{name}: {free} von {total} frei</translation>
    </message>
</context>
<context>
    <name>DeviceSharesBar</name>
    <message>
        <source>Loaded models on {device}</source>
        <translation>Geladene Modelle auf {device}</translation>
    </message>
    <message>
        <source>{model}: {predicted} predicted</source>
        <translation>{model}: {predicted} vorhergesagt</translation>
    </message>
    <message>
        <source>{model}: {predicted} predicted ({cache} of it a prompt cache that fills with use), {allocated} allocated</source>
        <translation>{model}: {predicted} vorhergesagt (davon {cache} Prompt-Cache, der sich mit der Nutzung füllt), {allocated} belegt</translation>
    </message>
    <message>
        <source>{model}: {predicted} predicted, {allocated} allocated</source>
        <translation>{model}: {predicted} vorhergesagt, {allocated} belegt</translation>
    </message>
    <message>
        <source>Together {predicted} of {total}</source>
        <translation>Zusammen {predicted} von {total}</translation>
    </message>
</context>
<context>
    <name>DiscoverPage</name>
    <message>
        <source>Search GGUF models, e.g. qwen3 or llama 8b</source>
        <translation>GGUF-Modelle suchen, z. B. qwen3 oder llama 8b</translation>
    </message>
    <message>
        <source>Search text</source>
        <translation>Suchtext</translation>
    </message>
    <message>
        <source>Sort results by</source>
        <translation>Ergebnisse sortieren nach</translation>
    </message>
    <message>
        <source>Most downloaded</source>
        <translation>Meiste Downloads</translation>
    </message>
    <message>
        <source>Most liked</source>
        <translation>Meiste Likes</translation>
    </message>
    <message>
        <source>Recently updated</source>
        <translation>Kürzlich aktualisiert</translation>
    </message>
    <message>
        <source>Trending</source>
        <translation>Im Trend</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <source>Search results</source>
        <translation>Suchergebnisse</translation>
    </message>
    <message>
        <source>Filter these results</source>
        <translation>Diese Ergebnisse filtern</translation>
    </message>
    <message>
        <source>Filter the search results</source>
        <translation>Suchergebnisse filtern</translation>
    </message>
    <message>
        <source>Load more</source>
        <translation>Mehr laden</translation>
    </message>
    <message>
        <source>Choose a repository to see its files.</source>
        <translation>Wählen Sie ein Repository, um seine Dateien zu sehen.</translation>
    </message>
    <message>
        <source>Files of the repository</source>
        <translation>Dateien des Repositorys</translation>
    </message>
    <message>
        <source>Include the vision projector (mmproj)</source>
        <translation>Den Vision-Projektor (mmproj) einschließen</translation>
    </message>
    <message>
        <source>Download into</source>
        <translation>Herunterladen nach</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>Herunterladen</translation>
    </message>
    <message>
        <source>Into:</source>
        <translation>Nach:</translation>
    </message>
    <message>
        <source>Hugging Face cache</source>
        <translation>Hugging-Face-Cache</translation>
    </message>
    <message>
        <source>No GGUF repositories match “{query}”.</source>
        <translation>Keine GGUF-Repositorys passen zu „{query}“.</translation>
    </message>
    <message>
        <source>Loading {repo}…</source>
        <translation>{repo} wird geladen…</translation>
    </message>
    <message>
        <source>License: {license}</source>
        <translation>Lizenz: {license}</translation>
    </message>
    <message>
        <source>Based on {model}</source>
        <translation>Basiert auf {model}</translation>
    </message>
    <message>
        <source>Gated: downloading needs a Hugging Face token with access (Settings).</source>
        <translation>Zugangsbeschränkt: Zum Herunterladen ist ein Hugging-Face-Token mit Zugriff nötig (Einstellungen).</translation>
    </message>
    <message>
        <source>The model card has no summary.</source>
        <translation>Die Modellkarte hat keine Zusammenfassung.</translation>
    </message>
    <message>
        <source>This repository has no GGUF model files.</source>
        <translation>Dieses Repository enthält keine GGUF-Modelldateien.</translation>
    </message>
    <message>
        <source>The repository could not be opened.</source>
        <translation>Das Repository konnte nicht geöffnet werden.</translation>
    </message>
    <message>
        <source>Nothing to show without the Hugging Face Hub. Search again once you are online; the models already on this computer are in the Library.</source>
        <translation>Ohne den Hugging Face Hub gibt es hier nichts zu zeigen. Suchen Sie erneut, sobald Sie online sind; die Modelle auf diesem Computer finden Sie in der Bibliothek.</translation>
    </message>
    <message>
        <source> + vision projector</source>
        <translation> + Vision-Projektor</translation>
    </message>
</context>
<context>
    <name>DocumentsBar</name>
    <message>
        <source>Document…</source>
        <translation>Dokument…</translation>
    </message>
    <message>
        <source>Attach documents</source>
        <translation>Dokumente anhängen</translation>
    </message>
    <message>
        <source>Attach PDF, Markdown, text, HTML or Word (.docx) files to this conversation; answers cite the pages they used. You can also drop them on the message box.</source>
        <translation>PDF-, Markdown-, Text-, HTML- oder Word-Dateien (.docx) an diese Unterhaltung anhängen; Antworten nennen die verwendeten Seiten. Sie können die Dateien auch auf das Nachrichtenfeld ziehen.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Stop indexing the documents</source>
        <translation>Indexierung der Dokumente anhalten</translation>
    </message>
    <message>
        <source>Documents ({patterns})</source>
        <translation>Dokumente ({patterns})</translation>
    </message>
    <message>
        <source>Reading the documents…</source>
        <translation>Die Dokumente werden gelesen…</translation>
    </message>
    <message>
        <source>Reading {name}…</source>
        <translation>{name} wird gelesen…</translation>
    </message>
    <message>
        <source>Indexing {name}: {done} of {total} passages</source>
        <translation>{name} wird indexiert: {done} von {total} Passagen</translation>
    </message>
    <message numerus="yes">
        <source>%n page(s)</source>
        <translation>
            <numerusform>%n Seite</numerusform>
            <numerusform>%n Seiten</numerusform>
        </translation>
    </message>
    <message>
        <source>{passages} passages indexed</source>
        <translation>{passages} Passagen indexiert</translation>
    </message>
    <message>
        <source>Remove {name}</source>
        <translation>{name} entfernen</translation>
    </message>
</context>
<context>
    <name>DocumentsSection</name>
    <message>
        <source>Documents</source>
        <translation>Dokumente</translation>
    </message>
    <message>
        <source>Embedding model</source>
        <translation>Embedding-Modell</translation>
    </message>
    <message>
        <source>Attached documents are searched with this model. The chat model embeds with its own engine; another model is loaded beside it and shown in the memory panel.</source>
        <translation>Angehängte Dokumente werden mit diesem Modell durchsucht. Das Chatmodell erstellt Embeddings mit seiner eigenen Engine; ein anderes Modell wird zusätzlich geladen und im Speicherbereich angezeigt.</translation>
    </message>
    <message>
        <source>The chat model</source>
        <translation>Das Chatmodell</translation>
    </message>
</context>
<context>
    <name>DownloadPanel</name>
    <message>
        <source>Downloads</source>
        <translation>Downloads</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausieren</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Fortsetzen</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation>Abgeschlossene entfernen</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>Laden…</translation>
    </message>
</context>
<context>
    <name>DownloadsModel</name>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Fortschritt</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Geschwindigkeit</translation>
    </message>
    <message>
        <source>Time left</source>
        <translation>Restzeit</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation>{done} von {total}</translation>
    </message>
</context>
<context>
    <name>EngineBuildDialog</name>
    <message>
        <source>Build an engine for this computer</source>
        <translation>Eine Engine für diesen Computer erstellen</translation>
    </message>
    <message>
        <source>GGUF Studio compiles llama.cpp&apos;s llama-server from source for this computer. This takes 15 to 40 minutes and needs a C++ compiler; the app stays usable.</source>
        <translation>GGUF Studio kompiliert den llama-server von llama.cpp aus dem Quellcode für diesen Computer. Das dauert 15 bis 40 Minuten und erfordert einen C++-Compiler; die App bleibt währenddessen nutzbar.</translation>
    </message>
    <message>
        <source>Engine variant</source>
        <translation>Engine-Variante</translation>
    </message>
    <message>
        <source>For this CPU (fastest)</source>
        <translation>Für diese CPU (am schnellsten)</translation>
    </message>
    <message>
        <source>For any x86-64 CPU (portable, slower to build)</source>
        <translation>Für jede x86-64-CPU (portabel, langsamer zu erstellen)</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>Nicht gestartet</translation>
    </message>
    <message>
        <source>Build progress</source>
        <translation>Build-Fortschritt</translation>
    </message>
    <message>
        <source>Build log</source>
        <translation>Build-Protokoll</translation>
    </message>
    <message>
        <source>Build</source>
        <translation>Erstellen</translation>
    </message>
    <message>
        <source>Cancel build</source>
        <translation>Build abbrechen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Wird gestartet…</translation>
    </message>
    <message numerus="yes">
        <source>about %n minute(s) left</source>
        <translation>
            <numerusform>noch etwa %n Minute</numerusform>
            <numerusform>noch etwa %n Minuten</numerusform>
        </translation>
    </message>
    <message>
        <source>less than a minute left</source>
        <translation>noch weniger als eine Minute</translation>
    </message>
    <message>
        <source>Getting the llama.cpp source…</source>
        <translation>Quellcode von llama.cpp wird heruntergeladen…</translation>
    </message>
    <message>
        <source>Configuring…</source>
        <translation>Wird konfiguriert…</translation>
    </message>
    <message>
        <source>Compiling</source>
        <translation>Wird kompiliert</translation>
    </message>
    <message>
        <source>Installing…</source>
        <translation>Wird installiert…</translation>
    </message>
    <message>
        <source>Testing the new engine on this CPU…</source>
        <translation>Die neue Engine wird auf dieser CPU getestet…</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>The new engine runs on this CPU and is used from now on: {path}</source>
        <translation>Die neue Engine läuft auf dieser CPU und wird ab jetzt verwendet: {path}</translation>
    </message>
</context>
<context>
    <name>EngineBuildOffer</name>
    <message>
        <source>No llama-server was found.</source>
        <translation>Es wurde kein llama-server gefunden.</translation>
    </message>
    <message>
        <source>No engine runs on this computer</source>
        <translation>Keine Engine läuft auf diesem Computer</translation>
    </message>
    <message>
        <source>None of the llama-server engines found can run models on this CPU.</source>
        <translation>Keine der gefundenen llama-server-Engines kann auf dieser CPU Modelle ausführen.</translation>
    </message>
    <message>
        <source>Build one for this computer now (15 to 40 minutes)?</source>
        <translation>Jetzt eine für diesen Computer erstellen (15 bis 40 Minuten)?</translation>
    </message>
    <message>
        <source>Build engine</source>
        <translation>Engine erstellen</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Nicht jetzt</translation>
    </message>
</context>
<context>
    <name>EngineStatus</name>
    <message>
        <source>Engine: llama-server {version} ({source})</source>
        <translation>Engine: llama-server {version} ({source})</translation>
    </message>
    <message>
        <source>Engine unavailable</source>
        <translation>Engine nicht verfügbar</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <source>Online &amp;help</source>
        <translation>Online-&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About GGUF Studio</source>
        <translation>Ü&amp;ber GGUF Studio</translation>
    </message>
    <message>
        <source>llama-server {version} ({source})</source>
        <translation>llama-server {version} ({source})</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>nicht verfügbar</translation>
    </message>
    <message>
        <source>Engine: {engine}</source>
        <translation>Engine: {engine}</translation>
    </message>
    <message>
        <source>Licence: {licence}</source>
        <translation>Lizenz: {licence}</translation>
    </message>
    <message>
        <source>About GGUF Studio</source>
        <translation>Über GGUF Studio</translation>
    </message>
</context>
<context>
    <name>ImageAttachButton</name>
    <message>
        <source>Image…</source>
        <translation>Bild…</translation>
    </message>
    <message>
        <source>Attach images</source>
        <translation>Bilder anhängen</translation>
    </message>
    <message>
        <source>Attach images (PNG, JPEG, WebP); you can also drop or paste them</source>
        <translation>Bilder anhängen (PNG, JPEG, WebP); Sie können sie auch hineinziehen oder einfügen</translation>
    </message>
    <message>
        <source>Images (*.png *.jpg *.jpeg *.webp)</source>
        <translation>Bilder (*.png *.jpg *.jpeg *.webp)</translation>
    </message>
</context>
<context>
    <name>ImageDropFilter</name>
    <message>
        <source>dropped image</source>
        <translation>abgelegtes Bild</translation>
    </message>
    <message>
        <source>pasted image</source>
        <translation>eingefügtes Bild</translation>
    </message>
</context>
<context>
    <name>Inspector</name>
    <message>
        <source>Inspector</source>
        <translation>Inspektor</translation>
    </message>
    <message>
        <source>Hide the inspector</source>
        <translation>Inspektor ausblenden</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Speicher</translation>
    </message>
</context>
<context>
    <name>LayerSpinBox</name>
    <message>
        <source>{n} layers + output</source>
        <translation>{n} Schichten + Ausgabe</translation>
    </message>
    <message>
        <source>{n} layers</source>
        <translation>{n} Schichten</translation>
    </message>
</context>
<context>
    <name>LibraryModel</name>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>Architektur</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameter</translation>
    </message>
    <message>
        <source>Quant</source>
        <translation>Quantisierung</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Speicherort</translation>
    </message>
    <message>
        <source>Name in the file: {name}</source>
        <translation>Name in der Datei: {name}</translation>
    </message>
    <message>
        <source>HF cache: {repo}</source>
        <translation>HF-Cache: {repo}</translation>
    </message>
    <message>
        <source>{name} ({count} parts)</source>
        <translation>{name} ({count} Teile)</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>unlesbar</translation>
    </message>
    <message>
        <source>{arch} (vision projector)</source>
        <translation>{arch} (Vision-Projektor)</translation>
    </message>
</context>
<context>
    <name>LibraryPage</name>
    <message>
        <source>Filter by name, architecture, quant…</source>
        <translation>Nach Name, Architektur, Quantisierung filtern…</translation>
    </message>
    <message>
        <source>Filter the models</source>
        <translation>Modelle filtern</translation>
    </message>
    <message>
        <source>Models on this computer</source>
        <translation>Modelle auf diesem Computer</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>Laden…</translation>
    </message>
    <message>
        <source>Rescan</source>
        <translation>Neu einlesen</translation>
    </message>
    <message>
        <source>Import a GGUF file…</source>
        <translation>Eine GGUF-Datei importieren…</translation>
    </message>
    <message>
        <source>Show in file manager</source>
        <translation>Im Dateimanager zeigen</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen…</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>Ordner hinzufügen…</translation>
    </message>
    <message>
        <source>Watch a folder for GGUF models; Settings lists the folders watched.</source>
        <translation>Einen Ordner nach GGUF-Modellen durchsuchen; die Einstellungen listen die beobachteten Ordner.</translation>
    </message>
    <message>
        <source>Import a GGUF model</source>
        <translation>Ein GGUF-Modell importieren</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF-Modelle (*.gguf)</translation>
    </message>
    <message>
        <source>Add a folder of GGUF models</source>
        <translation>Ordner mit GGUF-Modellen hinzufügen</translation>
    </message>
    <message>
        <source>It is removed from the Hugging Face cache, for every app that uses it.</source>
        <translation>Es wird aus dem Hugging-Face-Cache entfernt, für alle Apps, die es verwenden.</translation>
    </message>
    <message>
        <source>The file is deleted from disk.</source>
        <translation>Die Datei wird von der Festplatte gelöscht.</translation>
    </message>
    <message>
        <source>Delete model</source>
        <translation>Modell löschen</translation>
    </message>
    <message>
        <source>Delete {name} ({size})?
{where}</source>
        <translation>{name} ({size}) löschen?
{where}</translation>
    </message>
    <message>
        <source>No GGUF models yet: download one in Discover, import a file or add a folder.</source>
        <translation>Noch keine GGUF-Modelle: Laden Sie eines unter „Entdecken“ herunter, importieren Sie eine Datei oder fügen Sie einen Ordner hinzu.</translation>
    </message>
    <message>
        <source>Imported {name}.</source>
        <translation>{name} importiert.</translation>
    </message>
    <message>
        <source>Deleted {name}.</source>
        <translation>{name} gelöscht.</translation>
    </message>
</context>
<context>
    <name>LiveMemoryLabel</name>
    <message>
        <source>Memory in use</source>
        <translation>Belegter Speicher</translation>
    </message>
    <message>
        <source>RAM {used}/{total}</source>
        <translation>RAM {used}/{total}</translation>
    </message>
    <message>
        <source>engine {rss}</source>
        <translation>Engine {rss}</translation>
    </message>
</context>
<context>
    <name>LoadDialog</name>
    <message>
        <source>Load {model}</source>
        <translation>{model} laden</translation>
    </message>
    <message>
        <source>System RAM</source>
        <translation>Arbeitsspeicher (RAM)</translation>
    </message>
    <message>
        <source>Why the plan looks like this</source>
        <translation>Warum der Plan so aussieht</translation>
    </message>
    <message>
        <source>Command that will run:</source>
        <translation>Auszuführender Befehl:</translation>
    </message>
    <message>
        <source>Command that will run, API key redacted</source>
        <translation>Auszuführender Befehl, API-Schlüssel entfernt</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>Laden</translation>
    </message>
    <message>
        <source>Close without loading</source>
        <translation>Schließen, ohne zu laden</translation>
    </message>
    <message>
        <source>Benchmark…</source>
        <translation>Benchmark…</translation>
    </message>
    <message>
        <source>Measure this plan and variants of it</source>
        <translation>Diesen Plan und Varianten davon messen</translation>
    </message>
    <message>
        <source>{arch}, {params:.1f} B parameters, {layers} layers</source>
        <translation>{arch}, {params:.1f} Mrd. Parameter, {layers} Schichten</translation>
    </message>
    <message>
        <source>trained context {ctx}</source>
        <translation>trainierter Kontext {ctx}</translation>
    </message>
    <message>
        <source>MoE: {used} of {experts} experts</source>
        <translation>MoE: {used} von {experts} Experten</translation>
    </message>
    <message>
        <source>Devices and layers</source>
        <translation>Geräte und Schichten</translation>
    </message>
    <message>
        <source>No GPU: the model runs on the CPU.</source>
        <translation>Keine GPU: Das Modell läuft auf der CPU.</translation>
    </message>
    <message>
        <source>Layers whose experts stay on the CPU</source>
        <translation>Schichten, deren Experten auf der CPU bleiben</translation>
    </message>
    <message>
        <source>MoE experts on CPU</source>
        <translation>MoE-Experten auf der CPU</translation>
    </message>
    <message>
        <source>Tensor parallel (split every layer)</source>
        <translation>Tensor-parallel (jede Schicht aufteilen)</translation>
    </message>
    <message>
        <source>Tensor parallelism</source>
        <translation>Tensor-Parallelität</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <source>Context length in tokens</source>
        <translation>Kontextlänge in Tokens</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> Tokens</translation>
    </message>
    <message>
        <source>&amp;Auto fit</source>
        <translation>&amp;Automatisch anpassen</translation>
    </message>
    <message>
        <source>Choose the largest context and placement that fit</source>
        <translation>Den größten Kontext und die Verteilung wählen, die passen</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Optionen</translation>
    </message>
    <message>
        <source>K cache type</source>
        <translation>K-Cache-Typ</translation>
    </message>
    <message>
        <source>V cache type</source>
        <translation>V-Cache-Typ</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Flash Attention</translation>
    </message>
    <message>
        <source>Parallel slots</source>
        <translation>Parallele Slots</translation>
    </message>
    <message>
        <source>Vision projector (mmproj)</source>
        <translation>Vision-Projektor (mmproj)</translation>
    </message>
    <message>
        <source>Load the vision projector</source>
        <translation>Den Vision-Projektor laden</translation>
    </message>
    <message>
        <source>Speculative decoding with the model&apos;s MTP layers</source>
        <translation>Spekulatives Decoding mit den MTP-Schichten des Modells</translation>
    </message>
    <message>
        <source>MTP speculative decoding</source>
        <translation>Spekulatives Decoding mit MTP</translation>
    </message>
    <message>
        <source>Small model</source>
        <translation>Kleines Modell</translation>
    </message>
    <message>
        <source>MTP head</source>
        <translation>MTP-Kopf</translation>
    </message>
    <message>
        <source>How the draft file drafts</source>
        <translation>Wie die Entwurfsdatei entwirft</translation>
    </message>
    <message>
        <source>No draft model</source>
        <translation>Kein Entwurfsmodell</translation>
    </message>
    <message>
        <source>Draft model…</source>
        <translation>Entwurfsmodell…</translation>
    </message>
    <message>
        <source>Choose a small model for speculative decoding</source>
        <translation>Ein kleines Modell für spekulatives Decoding wählen</translation>
    </message>
    <message>
        <source>No draft</source>
        <translation>Kein Entwurf</translation>
    </message>
    <message>
        <source>Stop using the draft model</source>
        <translation>Das Entwurfsmodell nicht mehr verwenden</translation>
    </message>
    <message>
        <source>Draft model</source>
        <translation>Entwurfsmodell</translation>
    </message>
    <message>
        <source>Safety margins</source>
        <translation>Sicherheitsreserven</translation>
    </message>
    <message>
        <source>Memory each device keeps free for other programs and allocations no estimate sees. The bars&apos; dashed line is free memory less this margin.</source>
        <translation>Speicher, den jedes Gerät für andere Programme und für Belegungen frei hält, die keine Schätzung sieht. Die gestrichelte Linie der Balken ist der freie Speicher abzüglich dieser Reserve.</translation>
    </message>
    <message>
        <source>Safety margin of {device}</source>
        <translation>Sicherheitsreserve von {device}</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source>{file} cannot be used: {reason}</source>
        <translation>{file} kann nicht verwendet werden: {reason}</translation>
    </message>
    <message>
        <source>Load anyway…</source>
        <translation>Trotzdem laden…</translation>
    </message>
    <message>
        <source>Loading unloads {models} to make room.</source>
        <translation>Das Laden entlädt {models}, um Platz zu schaffen.</translation>
    </message>
    <message>
        <source>Loads beside {models}; nothing is unloaded.</source>
        <translation>Wird neben {models} geladen; nichts wird entladen.</translation>
    </message>
    <message>
        <source>Even so, the models that stay leave too little room.</source>
        <translation>Trotzdem lassen die verbleibenden Modelle zu wenig Platz.</translation>
    </message>
    <message>
        <source>All {blocks} layers + output on the CPU</source>
        <translation>Alle {blocks} Schichten + Ausgabe auf der CPU</translation>
    </message>
    <message>
        <source>{layers} of {blocks} layers on the CPU</source>
        <translation>{layers} von {blocks} Schichten auf der CPU</translation>
    </message>
    <message>
        <source>Every layer is split over the devices ({split}).</source>
        <translation>Jede Schicht wird auf die Geräte aufgeteilt ({split}).</translation>
    </message>
    <message>
        <source>Experts of {n} of {max} layers on the CPU ({moved} moved to RAM); each step moves {step}.</source>
        <translation>Experten von {n} der {max} Schichten auf der CPU ({moved} in den RAM verschoben); jeder Schritt verschiebt {step}.</translation>
    </message>
    <message>
        <source>Every layer is split over all enabled devices.</source>
        <translation>Jede Schicht wird auf alle aktivierten Geräte aufgeteilt.</translation>
    </message>
    <message>
        <source> (automatic)</source>
        <translation> (automatisch)</translation>
    </message>
    <message>
        <source>No context fits with this placement.</source>
        <translation>Mit dieser Verteilung passt kein Kontext.</translation>
    </message>
    <message>
        <source>Largest that fits: {largest}</source>
        <translation>Größter passender Kontext: {largest}</translation>
    </message>
    <message>
        <source>{ctx} tokens{automatic}; trained {trained}. {marker}</source>
        <translation>{ctx} Tokens{automatic}; trainiert {trained}. {marker}</translation>
    </message>
    <message>
        <source>{file}: {size}</source>
        <translation>{file}: {size}</translation>
    </message>
    <message>
        <source>{file} ({size}), drafting {n} tokens</source>
        <translation>{file} ({size}), entwirft {n} Tokens</translation>
    </message>
    <message>
        <source>The model&apos;s own MTP layers draft tokens; their KV is reserved.</source>
        <translation>Die eigenen MTP-Schichten des Modells entwerfen Tokens; ihr KV ist reserviert.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Fits.&lt;/b&gt;</source>
        <translation>&lt;b&gt;Passt.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Fits once the models named above are unloaded.&lt;/b&gt;</source>
        <translation>&lt;b&gt;Passt, sobald die oben genannten Modelle entladen sind.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Does not fit.</source>
        <translation>Passt nicht.</translation>
    </message>
</context>
<context>
    <name>LoadFlow</name>
    <message>
        <source>Open a GGUF model</source>
        <translation>Ein GGUF-Modell öffnen</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF-Modelle (*.gguf)</translation>
    </message>
    <message>
        <source>Cannot load the model</source>
        <translation>Das Modell kann nicht geladen werden</translation>
    </message>
</context>
<context>
    <name>LoadedMemoryPanel</name>
    <message>
        <source>Memory of the loaded model</source>
        <translation>Speicher des geladenen Modells</translation>
    </message>
    <message>
        <source>No model loaded.</source>
        <translation>Kein Modell geladen.</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) loaded: predicted (bar) and allocated (strip) per device</source>
        <translation>
            <numerusform>%n Modell geladen: vorhergesagt (Balken) und belegt (Streifen) pro Gerät</numerusform>
            <numerusform>%n Modelle geladen: vorhergesagt (Balken) und belegt (Streifen) pro Gerät</numerusform>
        </translation>
    </message>
    <message>
        <source>Predicted; waiting for the engine to report.</source>
        <translation>Vorhergesagt; es wird auf die Meldung der Engine gewartet.</translation>
    </message>
    <message>
        <source>The load failed: the prediction is shown, the engine allocated nothing.</source>
        <translation>Das Laden ist fehlgeschlagen: Gezeigt wird die Vorhersage, die Engine hat nichts belegt.</translation>
    </message>
    <message>
        <source>The engine allocated {ratio:.0%} of the predicted buffers.</source>
        <translation>Die Engine hat {ratio:.0%} der vorhergesagten Puffer belegt.</translation>
    </message>
    <message>
        <source>The engine&apos;s log reports no buffer sizes (it needs -lv 4).</source>
        <translation>Das Protokoll der Engine nennt keine Puffergrößen (dafür ist -lv 4 nötig).</translation>
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
        <translation>&amp;Modell</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>Load a model to start a conversation.</source>
        <translation>Laden Sie ein Modell, um eine Unterhaltung zu beginnen.</translation>
    </message>
    <message>
        <source>Discover</source>
        <translation>Entdecken</translation>
    </message>
    <message>
        <source>Search Hugging Face for GGUF models and see whether they fit.</source>
        <translation>Hugging Face nach GGUF-Modellen durchsuchen und sehen, ob sie passen.</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>Bibliothek</translation>
    </message>
    <message>
        <source>The GGUF models on this computer.</source>
        <translation>Die GGUF-Modelle auf diesem Computer.</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>The llama-server engine, its state and log.</source>
        <translation>Die llama-server-Engine, ihr Zustand und ihr Protokoll.</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>Engine, model folders and appearance.</source>
        <translation>Engine, Modellordner und Darstellung.</translation>
    </message>
    <message>
        <source>Engine: probing…</source>
        <translation>Engine: wird geprüft…</translation>
    </message>
</context>
<context>
    <name>McpServerEditor</name>
    <message>
        <source>Add an MCP server</source>
        <translation>Einen MCP-Server hinzufügen</translation>
    </message>
    <message>
        <source>Edit the MCP server</source>
        <translation>Den MCP-Server bearbeiten</translation>
    </message>
    <message>
        <source>Server name</source>
        <translation>Servername</translation>
    </message>
    <message>
        <source>files</source>
        <translation>dateien</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>A program on this computer (stdio)</source>
        <translation>Ein Programm auf diesem Computer (stdio)</translation>
    </message>
    <message>
        <source>A web address (streamable HTTP)</source>
        <translation>Eine Webadresse (Streamable HTTP)</translation>
    </message>
    <message>
        <source>Runs as</source>
        <translation>Läuft als</translation>
    </message>
    <message>
        <source>What is wrong with the server</source>
        <translation>Was mit dem Server nicht stimmt</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>One argument per line, e.g.
-y
@modelcontextprotocol/server-filesystem</source>
        <translation>Ein Argument pro Zeile, z. B.
-y
@modelcontextprotocol/server-filesystem</translation>
    </message>
    <message>
        <source>Arguments, one per line</source>
        <translation>Argumente, eines pro Zeile</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Argumente</translation>
    </message>
    <message>
        <source>KEY=VALUE, one per line</source>
        <translation>SCHLÜSSEL=WERT, eine pro Zeile</translation>
    </message>
    <message>
        <source>Environment variables, KEY=VALUE, one per line</source>
        <translation>Umgebungsvariablen, SCHLÜSSEL=WERT, eine pro Zeile</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Umgebung</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>Server-URL</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Name: value, one per line, e.g.
Authorization: Bearer …</source>
        <translation>Name: Wert, einer pro Zeile, z. B.
Authorization: Bearer …</translation>
    </message>
    <message>
        <source>Headers, Name: value, one per line</source>
        <translation>Header, Name: Wert, einer pro Zeile</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>Header</translation>
    </message>
</context>
<context>
    <name>McpServersSection</name>
    <message>
        <source>Tool servers (MCP)</source>
        <translation>Tool-Server (MCP)</translation>
    </message>
    <message>
        <source>Programs and web services whose tools models may call, through the Model Context Protocol. Only enabled servers run; each call is yours to allow.</source>
        <translation>Programme und Webdienste, deren Tools Modelle über das Model Context Protocol aufrufen dürfen. Nur aktivierte Server laufen; jeden Aufruf erlauben Sie selbst.</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>MCP-Server</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Server</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Führt aus</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>MCP server columns</source>
        <translation>Spalten der MCP-Server</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>Hinzufügen…</translation>
    </message>
    <message>
        <source>Add an MCP server</source>
        <translation>Einen MCP-Server hinzufügen</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Bearbeiten…</translation>
    </message>
    <message>
        <source>Edit the selected MCP server</source>
        <translation>Den ausgewählten MCP-Server bearbeiten</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove the selected MCP server</source>
        <translation>Den ausgewählten MCP-Server entfernen</translation>
    </message>
    <message>
        <source>Import mcp.json…</source>
        <translation>mcp.json importieren…</translation>
    </message>
    <message>
        <source>Import the MCP servers of an mcp.json file (Claude Desktop, Cursor, LM Studio)</source>
        <translation>Die MCP-Server einer mcp.json-Datei importieren (Claude Desktop, Cursor, LM Studio)</translation>
    </message>
    <message>
        <source>What the last change of the MCP servers did</source>
        <translation>Was die letzte Änderung der MCP-Server bewirkt hat</translation>
    </message>
    <message>
        <source>When checked, {name} runs and models may use its tools.</source>
        <translation>Wenn aktiviert, läuft {name} und Modelle dürfen seine Tools verwenden.</translation>
    </message>
    <message>
        <source>No MCP servers yet: add one, or import the mcp.json of Claude Desktop, Cursor or LM Studio.</source>
        <translation>Noch keine MCP-Server: Fügen Sie einen hinzu oder importieren Sie die mcp.json von Claude Desktop, Cursor oder LM Studio.</translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform> und %n weiteres</numerusform>
            <numerusform> und %n weitere</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ready: %n tool(s)</source>
        <translation>
            <numerusform>Bereit: %n Tool</numerusform>
            <numerusform>Bereit: %n Tools</numerusform>
        </translation>
    </message>
    <message>
        <source>The server offers no tools.</source>
        <translation>Der Server bietet keine Tools an.</translation>
    </message>
    <message>
        <source>Failed: {reason}</source>
        <translation>Fehlgeschlagen: {reason}</translation>
    </message>
    <message>
        <source>Starting again after a crash…</source>
        <translation>Neustart nach einem Absturz…</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Wird gestartet…</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <source>Disabled: this server does not run.</source>
        <translation>Deaktiviert: Dieser Server läuft nicht.</translation>
    </message>
    <message>
        <source>Not started yet</source>
        <translation>Noch nicht gestartet</translation>
    </message>
    <message>
        <source>It starts with the app.</source>
        <translation>Er startet mit der App.</translation>
    </message>
    <message>
        <source>Remove MCP server</source>
        <translation>MCP-Server entfernen</translation>
    </message>
    <message>
        <source>Remove the MCP server {name}? Its tools will no longer be offered.</source>
        <translation>Den MCP-Server {name} entfernen? Seine Tools werden dann nicht mehr angeboten.</translation>
    </message>
    <message>
        <source>Importing {path}…</source>
        <translation>{path} wird importiert…</translation>
    </message>
    <message>
        <source>Import MCP servers</source>
        <translation>MCP-Server importieren</translation>
    </message>
    <message>
        <source>MCP server lists (*.json);;All files (*)</source>
        <translation>MCP-Serverlisten (*.json);;Alle Dateien (*)</translation>
    </message>
    <message numerus="yes">
        <source>Added %n server(s): {names}.</source>
        <translation>
            <numerusform>%n Server hinzugefügt: {names}.</numerusform>
            <numerusform>%n Server hinzugefügt: {names}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replaced %n server(s) of the same name: {names}.</source>
        <translation>
            <numerusform>%n gleichnamigen Server ersetzt: {names}.</numerusform>
            <numerusform>%n gleichnamige Server ersetzt: {names}.</numerusform>
        </translation>
    </message>
    <message>
        <source>The file names no MCP servers.</source>
        <translation>Die Datei nennt keine MCP-Server.</translation>
    </message>
</context>
<context>
    <name>MemoryPanel</name>
    <message>
        <source>Memory per device</source>
        <translation>Speicher pro Gerät</translation>
    </message>
    <message>
        <source>Used by others</source>
        <translation>Von anderen belegt</translation>
    </message>
    <message>
        <source>Models loaded</source>
        <translation>Geladene Modelle</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Gewichte</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>KV-Cache</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Berechnung</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>Overhead</translation>
    </message>
    <message>
        <source>Prompt cache</source>
        <translation>Prompt-Cache</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Budget</translation>
    </message>
    <message>
        <source>In use now</source>
        <translation>Jetzt belegt</translation>
    </message>
</context>
<context>
    <name>ModelList</name>
    <message>
        <source>Search the library</source>
        <translation>Bibliothek durchsuchen</translation>
    </message>
    <message>
        <source>Models in the library</source>
        <translation>Modelle in der Bibliothek</translation>
    </message>
    <message>
        <source>Loaded</source>
        <translation>Geladen</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Wird geladen…</translation>
    </message>
    <message>
        <source>Unloading…</source>
        <translation>Wird entladen…</translation>
    </message>
    <message>
        <source>Checking the fit…</source>
        <translation>Passung wird geprüft…</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>Choose a model</source>
        <translation>Modell wählen</translation>
    </message>
    <message>
        <source>Choose a model from the library</source>
        <translation>Ein Modell aus der Bibliothek wählen</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>Laden…</translation>
    </message>
    <message>
        <source>Load the model</source>
        <translation>Das Modell laden</translation>
    </message>
    <message>
        <source>Eject</source>
        <translation>Auswerfen</translation>
    </message>
    <message>
        <source>Eject the model</source>
        <translation>Das Modell auswerfen</translation>
    </message>
    <message>
        <source>Loading progress</source>
        <translation>Ladefortschritt</translation>
    </message>
    <message>
        <source>Change load settings…</source>
        <translation>Ladeeinstellungen ändern…</translation>
    </message>
    <message>
        <source>Choose a model…</source>
        <translation>Modell wählen…</translation>
    </message>
    <message numerus="yes">
        <source>%n other model(s) loaded</source>
        <translation>
            <numerusform>%n weiteres Modell geladen</numerusform>
            <numerusform>%n weitere Modelle geladen</numerusform>
        </translation>
    </message>
    <message>
        <source>{running} stays loaded; Load… loads this model beside it.</source>
        <translation>{running} bleibt geladen; Laden… lädt dieses Modell zusätzlich.</translation>
    </message>
    <message>
        <source>Ready · {context} context</source>
        <translation>Bereit · {context} Kontext</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Loading: reading the weights…</source>
        <translation>Laden: Gewichte werden gelesen…</translation>
    </message>
    <message>
        <source>Loading: creating the context…</source>
        <translation>Laden: Kontext wird angelegt…</translation>
    </message>
    <message>
        <source>Loading: warming up…</source>
        <translation>Laden: Aufwärmen…</translation>
    </message>
    <message>
        <source>Loading: almost ready…</source>
        <translation>Laden: fast fertig…</translation>
    </message>
    <message>
        <source>Loading: starting the engine…</source>
        <translation>Laden: Engine wird gestartet…</translation>
    </message>
    <message>
        <source>The engine stopped unexpectedly; restarting it…</source>
        <translation>Die Engine wurde unerwartet beendet; sie wird neu gestartet…</translation>
    </message>
    <message>
        <source>Ejecting…</source>
        <translation>Wird ausgeworfen…</translation>
    </message>
    <message>
        <source>Could not load: {reason}</source>
        <translation>Konnte nicht geladen werden: {reason}</translation>
    </message>
    <message>
        <source>Not loaded: sending loads it, Load… opens its settings.</source>
        <translation>Nicht geladen: Senden lädt es, Laden… öffnet seine Einstellungen.</translation>
    </message>
    <message>
        <source>Not loaded. Load opens its settings.</source>
        <translation>Nicht geladen. Laden öffnet seine Einstellungen.</translation>
    </message>
    <message>
        <source>No model loaded.</source>
        <translation>Kein Modell geladen.</translation>
    </message>
    <message>
        <source>No model loaded. Choose one from the library.</source>
        <translation>Kein Modell geladen. Wählen Sie eines aus der Bibliothek.</translation>
    </message>
</context>
<context>
    <name>PassageDialog</name>
    <message>
        <source>Cited passage</source>
        <translation>Zitierte Passage</translation>
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
        <translation>{name} entfernen</translation>
    </message>
    <message>
        <source>Remove this image</source>
        <translation>Dieses Bild entfernen</translation>
    </message>
</context>
<context>
    <name>PresetBar</name>
    <message>
        <source>Preset</source>
        <translation>Preset</translation>
    </message>
    <message>
        <source>Apply a preset&apos;s system prompt and sampling</source>
        <translation>Systemprompt und Sampling eines Presets übernehmen</translation>
    </message>
    <message>
        <source>No preset</source>
        <translation>Kein Preset</translation>
    </message>
    <message>
        <source>Preset actions</source>
        <translation>Preset-Aktionen</translation>
    </message>
    <message>
        <source>Save, rename, delete, import or export presets</source>
        <translation>Presets speichern, umbenennen, löschen, importieren oder exportieren</translation>
    </message>
    <message>
        <source>Save this chat&apos;s system prompt and sampling as a preset to reuse them.</source>
        <translation>Speichern Sie Systemprompt und Sampling dieses Chats als Preset, um sie wiederzuverwenden.</translation>
    </message>
    <message>
        <source>Changed since “{name}” was applied.</source>
        <translation>Geändert, seit „{name}“ übernommen wurde.</translation>
    </message>
    <message>
        <source>New chats with {model} start from “{name}”.</source>
        <translation>Neue Chats mit {model} beginnen mit „{name}“.</translation>
    </message>
    <message>
        <source>Imported as “{name}”: a preset named “{clashed}” already existed.</source>
        <translation>Als „{name}“ importiert: Ein Preset namens „{clashed}“ gab es bereits.</translation>
    </message>
    <message>
        <source>Imported “{name}”.</source>
        <translation>„{name}“ importiert.</translation>
    </message>
    <message>
        <source>Exported to {path}.</source>
        <translation>Nach {path} exportiert.</translation>
    </message>
    <message>
        <source>Save as a new preset…</source>
        <translation>Als neues Preset speichern…</translation>
    </message>
    <message>
        <source>Save changes to “{name}”</source>
        <translation>Änderungen in „{name}“ speichern</translation>
    </message>
    <message>
        <source>Save changes to the preset</source>
        <translation>Änderungen im Preset speichern</translation>
    </message>
    <message>
        <source>Rename “{name}”…</source>
        <translation>„{name}“ umbenennen…</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Umbenennen…</translation>
    </message>
    <message>
        <source>Delete “{name}”…</source>
        <translation>„{name}“ löschen…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Löschen…</translation>
    </message>
    <message>
        <source>Load a model to give it a default preset</source>
        <translation>Laden Sie ein Modell, um ihm ein Standard-Preset zu geben</translation>
    </message>
    <message>
        <source>Default for {model}</source>
        <translation>Standard für {model}</translation>
    </message>
    <message>
        <source>New chats with this model start from this preset</source>
        <translation>Neue Chats mit diesem Modell beginnen mit diesem Preset</translation>
    </message>
    <message>
        <source>Clear the default for {model} (“{name}”)</source>
        <translation>Standard für {model} entfernen („{name}“)</translation>
    </message>
    <message>
        <source>Import a preset…</source>
        <translation>Ein Preset importieren…</translation>
    </message>
    <message>
        <source>Export “{name}”…</source>
        <translation>„{name}“ exportieren…</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportieren…</translation>
    </message>
    <message>
        <source>My preset</source>
        <translation>Mein Preset</translation>
    </message>
    <message>
        <source>Save as a new preset</source>
        <translation>Als neues Preset speichern</translation>
    </message>
    <message>
        <source>Rename preset</source>
        <translation>Preset umbenennen</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Delete preset</source>
        <translation>Preset löschen</translation>
    </message>
    <message>
        <source>Delete the preset “{name}”? Conversations keep their settings.</source>
        <translation>Das Preset „{name}“ löschen? Unterhaltungen behalten ihre Einstellungen.</translation>
    </message>
    <message>
        <source>Import a preset</source>
        <translation>Ein Preset importieren</translation>
    </message>
    <message>
        <source>Presets (*.json);;All files (*)</source>
        <translation>Presets (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Export preset</source>
        <translation>Preset exportieren</translation>
    </message>
    <message>
        <source>Presets (*.json)</source>
        <translation>Presets (*.json)</translation>
    </message>
</context>
<context>
    <name>RepoFilesModel</name>
    <message>
        <source>Quant</source>
        <translation>Quantisierung</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Passt</translation>
    </message>
    <message>
        <source>{name} ({count} parts)</source>
        <translation>{name} ({count} Teile)</translation>
    </message>
    <message>
        <source> — incomplete upload</source>
        <translation> — Upload unvollständig</translation>
    </message>
    <message>
        <source> — downloaded</source>
        <translation> — heruntergeladen</translation>
    </message>
    <message>
        <source>{name} (vision projector)</source>
        <translation>{name} (Vision-Projektor)</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Wird geprüft…</translation>
    </message>
</context>
<context>
    <name>ResidentBars</name>
    <message>
        <source>Loaded models per device</source>
        <translation>Geladene Modelle pro Gerät</translation>
    </message>
</context>
<context>
    <name>ResidentsLabel</name>
    <message>
        <source>Loaded models</source>
        <translation>Geladene Modelle</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) loaded</source>
        <translation>
            <numerusform>%n Modell geladen</numerusform>
            <numerusform>%n Modelle geladen</numerusform>
        </translation>
    </message>
    <message>
        <source>{device} {allocated}/{predicted}</source>
        <translation>{device} {allocated}/{predicted}</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>Vorhergesagt</translation>
    </message>
    <message>
        <source>Allocated</source>
        <translation>Belegt</translation>
    </message>
    <message>
        <source>Unload {model}</source>
        <translation>{model} entladen</translation>
    </message>
    <message>
        <source>Unload all</source>
        <translation>Alle entladen</translation>
    </message>
</context>
<context>
    <name>SamplingPanel</name>
    <message>
        <source>System prompt</source>
        <translation>Systemprompt</translation>
    </message>
    <message>
        <source>The template&apos;s default system prompt</source>
        <translation>Der Standard-Systemprompt der Vorlage</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Temperatur</translation>
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
        <translation>Maximale Tokens</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>Zufällig</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>Nachdenken</translation>
    </message>
    <message>
        <source>Template default</source>
        <translation>Standard der Vorlage</translation>
    </message>
    <message>
        <source>On</source>
        <translation>An</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Aus</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>Sampling</translation>
    </message>
    <message>
        <source>Load a model to see whether it can think.</source>
        <translation>Laden Sie ein Modell, um zu sehen, ob es nachdenken kann.</translation>
    </message>
    <message>
        <source>This model&apos;s chat template has no thinking switch.</source>
        <translation>Die Chatvorlage dieses Modells hat keinen Schalter für das Nachdenken.</translation>
    </message>
</context>
<context>
    <name>SearchResultsModel</name>
    <message>
        <source>Repository</source>
        <translation>Repository</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Downloads</source>
        <translation>Downloads</translation>
    </message>
    <message>
        <source>Likes</source>
        <translation>Likes</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>Aktualisiert</translation>
    </message>
    <message>
        <source> (gated)</source>
        <translation> (zugangsbeschränkt)</translation>
    </message>
</context>
<context>
    <name>Sentences</name>
    <message>
        <source>The llama-server engine was not found ({path}).</source>
        <translation>Die llama-server-Engine wurde nicht gefunden ({path}).</translation>
    </message>
    <message>
        <source>The llama-server engine cannot be run ({path}): {reason}</source>
        <translation>Die llama-server-Engine kann nicht ausgeführt werden ({path}): {reason}</translation>
    </message>
    <message>
        <source>The llama-server engine at {path} does not work: it exited with code {exit_code}.</source>
        <translation>Die llama-server-Engine unter {path} funktioniert nicht: Sie wurde mit Code {exit_code} beendet.</translation>
    </message>
    <message>
        <source>The llama-server engine at {path} did not answer in time.</source>
        <translation>Die llama-server-Engine unter {path} hat nicht rechtzeitig geantwortet.</translation>
    </message>
    <message>
        <source>Checking the engine was cancelled.</source>
        <translation>Die Prüfung der Engine wurde abgebrochen.</translation>
    </message>
    <message>
        <source>This engine was built for instructions this CPU lacks. Build one for this computer in Settings &gt; Engine, or choose another engine there.</source>
        <translation>Diese Engine wurde für Befehlssätze erstellt, die diese CPU nicht unterstützt. Erstellen Sie unter Einstellungen &gt; Engine eine für diesen Computer oder wählen Sie dort eine andere Engine.</translation>
    </message>
    <message>
        <source>The engine is not ready yet; see the Server page.</source>
        <translation>Die Engine ist noch nicht bereit; siehe die Seite „Server“.</translation>
    </message>
    <message>
        <source>The engine failed its self-test on a tiny model ({status}).</source>
        <translation>Die Engine hat ihren Selbsttest mit einem winzigen Modell nicht bestanden ({status}).</translation>
    </message>
    <message>
        <source>No C/C++ compiler was found. Install one (on Debian or Ubuntu: sudo apt install build-essential) and try again.</source>
        <translation>Es wurde kein C/C++-Compiler gefunden. Installieren Sie einen (unter Debian oder Ubuntu: sudo apt install build-essential) und versuchen Sie es erneut.</translation>
    </message>
    <message>
        <source>{tool} is missing and could not be installed from the package index.</source>
        <translation>{tool} fehlt und konnte nicht aus dem Paketindex installiert werden.</translation>
    </message>
    <message>
        <source>The llama.cpp source could not be downloaded; check the network.</source>
        <translation>Der Quellcode von llama.cpp konnte nicht heruntergeladen werden; prüfen Sie das Netzwerk.</translation>
    </message>
    <message>
        <source>The llama.cpp source was damaged even when downloaded again ({reason}); try again later.</source>
        <translation>Der Quellcode von llama.cpp war auch nach erneutem Herunterladen beschädigt ({reason}); versuchen Sie es später noch einmal.</translation>
    </message>
    <message>
        <source>The engine build failed; see the build log.</source>
        <translation>Die Erstellung der Engine ist fehlgeschlagen; siehe Build-Protokoll.</translation>
    </message>
    <message>
        <source>The engine build was cancelled.</source>
        <translation>Die Erstellung der Engine wurde abgebrochen.</translation>
    </message>
    <message>
        <source>The new engine was built but failed its self-test ({status}).</source>
        <translation>Die neue Engine wurde erstellt, hat aber ihren Selbsttest nicht bestanden ({status}).</translation>
    </message>
    <message>
        <source>The llama-server binary was not found.</source>
        <translation>Die llama-server-Programmdatei wurde nicht gefunden.</translation>
    </message>
    <message>
        <source>The llama-server binary cannot be executed.</source>
        <translation>Die llama-server-Programmdatei kann nicht ausgeführt werden.</translation>
    </message>
    <message>
        <source>The engine refused an argument; see the log.</source>
        <translation>Die Engine hat ein Argument abgelehnt; siehe Protokoll.</translation>
    </message>
    <message>
        <source>The port was already in use.</source>
        <translation>Der Port war bereits belegt.</translation>
    </message>
    <message>
        <source>The model file does not exist: {path}.</source>
        <translation>Die Modelldatei existiert nicht: {path}.</translation>
    </message>
    <message>
        <source>{path} is not a valid GGUF model (truncated, damaged or not a GGUF file).</source>
        <translation>{path} ist kein gültiges GGUF-Modell (abgeschnitten, beschädigt oder keine GGUF-Datei).</translation>
    </message>
    <message>
        <source>This engine does not know the model&apos;s architecture; a newer llama-server is needed.</source>
        <translation>Diese Engine kennt die Architektur des Modells nicht; ein neuerer llama-server wird benötigt.</translation>
    </message>
    <message>
        <source>A quantized V cache needs flash attention on.</source>
        <translation>Ein quantisierter V-Cache erfordert eingeschaltete Flash Attention.</translation>
    </message>
    <message>
        <source>The vision projector failed to load.</source>
        <translation>Der Vision-Projektor konnte nicht geladen werden.</translation>
    </message>
    <message>
        <source>Out of memory while loading the weights.</source>
        <translation>Kein Speicher mehr beim Laden der Gewichte.</translation>
    </message>
    <message>
        <source>Out of memory for the KV cache: lower the context.</source>
        <translation>Kein Speicher für den KV-Cache: Verringern Sie den Kontext.</translation>
    </message>
    <message>
        <source>Out of memory for the compute buffers.</source>
        <translation>Kein Speicher für die Rechenpuffer.</translation>
    </message>
    <message>
        <source>The engine was killed, most likely by the system for lack of memory.</source>
        <translation>Die Engine wurde beendet, höchstwahrscheinlich vom System wegen Speichermangels.</translation>
    </message>
    <message>
        <source>The engine crashed ({signal}).</source>
        <translation>Die Engine ist abgestürzt ({signal}).</translation>
    </message>
    <message>
        <source>The engine did not become ready in time.</source>
        <translation>Die Engine wurde nicht rechtzeitig bereit.</translation>
    </message>
    <message>
        <source>The engine crashed repeatedly; it is not restarted again.</source>
        <translation>Die Engine ist wiederholt abgestürzt; sie wird nicht noch einmal gestartet.</translation>
    </message>
    <message>
        <source>The engine stopped answering; it was replaced.</source>
        <translation>Die Engine hat nicht mehr geantwortet; sie wurde ersetzt.</translation>
    </message>
    <message>
        <source>Out of memory even after {steps} smaller settings (the last with a context of {ctx}); nothing smaller is left to try. Free memory or choose a smaller model.</source>
        <translation>Kein Speicher, selbst nach {steps} kleineren Einstellungen (zuletzt mit einem Kontext von {ctx}); kleiner geht es nicht mehr. Geben Sie Speicher frei oder wählen Sie ein kleineres Modell.</translation>
    </message>
    <message>
        <source>The engine exited (code {exit_code}).</source>
        <translation>Die Engine wurde beendet (Code {exit_code}).</translation>
    </message>
    <message>
        <source>{model} does not fit: it needs {needed} of {device} memory plus {reserve} kept free, and {available} is free.</source>
        <translation>{model} passt nicht: Benötigt werden {needed} Speicher auf {device} plus {reserve} als Reserve, frei sind {available}.</translation>
    </message>
    <message>
        <source>{model} cannot be loaded with these settings; see the load dialog.</source>
        <translation>{model} kann mit diesen Einstellungen nicht geladen werden; siehe Ladedialog.</translation>
    </message>
    <message>
        <source>A newer request replaced this one.</source>
        <translation>Eine neuere Anfrage hat diese ersetzt.</translation>
    </message>
    <message>
        <source>The app is closing; the engine no longer takes requests.</source>
        <translation>Die App wird beendet; die Engine nimmt keine Anfragen mehr an.</translation>
    </message>
    <message>
        <source>No model is loaded.</source>
        <translation>Es ist kein Modell geladen.</translation>
    </message>
    <message>
        <source>The answer was interrupted: the connection to the engine was lost.</source>
        <translation>Die Antwort wurde unterbrochen: Die Verbindung zur Engine ging verloren.</translation>
    </message>
    <message>
        <source>The engine crashed while answering this request ({cause}), so the request was not retried.</source>
        <translation>Die Engine ist beim Beantworten dieser Anfrage abgestürzt ({cause}), deshalb wurde die Anfrage nicht wiederholt.</translation>
    </message>
    <message>
        <source>Another model was loaded before {model} could answer; send the request again.</source>
        <translation>Ein anderes Modell wurde geladen, bevor {model} antworten konnte; senden Sie die Anfrage erneut.</translation>
    </message>
    <message>
        <source>Too many engine arguments ({count}); the engine was not started.</source>
        <translation>Zu viele Engine-Argumente ({count}); die Engine wurde nicht gestartet.</translation>
    </message>
    <message>
        <source>The engine argument {flag} is managed by the app and cannot be set by hand.</source>
        <translation>Das Engine-Argument {flag} wird von der App verwaltet und kann nicht von Hand gesetzt werden.</translation>
    </message>
    <message>
        <source>There is no model &apos;{model}&apos; in the library.</source>
        <translation>In der Bibliothek gibt es kein Modell „{model}“.</translation>
    </message>
    <message>
        <source>No studio serve answers at {url}; start one with studio serve.</source>
        <translation>Unter {url} antwortet kein studio serve; starten Sie eines mit studio serve.</translation>
    </message>
    <message>
        <source>The server refused the API key; give it with --api-key or --api-key-file.</source>
        <translation>Der Server hat den API-Schlüssel abgelehnt; geben Sie ihn mit --api-key oder --api-key-file an.</translation>
    </message>
    <message>
        <source>The server at {url} did not answer as studio serve does.</source>
        <translation>Der Server unter {url} hat nicht wie studio serve geantwortet.</translation>
    </message>
    <message>
        <source>{model} cannot be loaded: the pinned models {pinned} keep their room.</source>
        <translation>{model} kann nicht geladen werden: Die angehefteten Modelle {pinned} behalten ihren Platz.</translation>
    </message>
    <message>
        <source>{waiting} requests already wait for room to load a model; try again when one has finished.</source>
        <translation>{waiting} Anfragen warten bereits auf Platz, um ein Modell zu laden; versuchen Sie es erneut, wenn eine fertig ist.</translation>
    </message>
    <message>
        <source>This conversation&apos;s model {model} is no longer in the library; choose another model in the picker to go on.</source>
        <translation>Das Modell {model} dieser Unterhaltung ist nicht mehr in der Bibliothek; wählen Sie in der Auswahl ein anderes Modell, um fortzufahren.</translation>
    </message>
    <message>
        <source>{source} is not a GGUF file.</source>
        <translation>{source} ist keine GGUF-Datei.</translation>
    </message>
    <message>
        <source>{source} uses GGUF version {version}, which is not supported.</source>
        <translation>{source} verwendet GGUF-Version {version}, die nicht unterstützt wird.</translation>
    </message>
    <message>
        <source>{source} is incomplete: it ends after {available} of at least {needed}.</source>
        <translation>{source} ist unvollständig: Die Datei endet nach {available} von mindestens {needed}.</translation>
    </message>
    <message>
        <source>{source} is damaged: {reason}.</source>
        <translation>{source} ist beschädigt: {reason}.</translation>
    </message>
    <message>
        <source>The header of {source} is larger than {limit}; it was not read.</source>
        <translation>Der Header von {source} ist größer als {limit}; er wurde nicht gelesen.</translation>
    </message>
    <message>
        <source>A part of the split model is missing: {shard}.</source>
        <translation>Ein Teil des aufgeteilten Modells fehlt: {shard}.</translation>
    </message>
    <message>
        <source>The server of {url} cannot send parts of a file (HTTP {status}).</source>
        <translation>Der Server von {url} kann keine Dateiteile senden (HTTP {status}).</translation>
    </message>
    <message>
        <source>{url} could not be read: {reason}.</source>
        <translation>{url} konnte nicht gelesen werden: {reason}.</translation>
    </message>
    <message>
        <source>{source} is damaged or hostile: it declares {key} = {value}, which no model has.</source>
        <translation>{source} ist beschädigt oder bösartig: Die Datei gibt {key} = {value} an, was kein Modell hat.</translation>
    </message>
    <message>
        <source>{path} is not an ordinary file (it is a pipe, a device or a folder); only ordinary files are opened as models.</source>
        <translation>{path} ist keine gewöhnliche Datei (sondern eine Pipe, ein Gerät oder ein Ordner); nur gewöhnliche Dateien werden als Modelle geöffnet.</translation>
    </message>
    <message>
        <source>{path} cannot be read: {reason}.</source>
        <translation>{path} kann nicht gelesen werden: {reason}.</translation>
    </message>
    <message>
        <source>Unknown KV cache type: {type}.</source>
        <translation>Unbekannter KV-Cache-Typ: {type}.</translation>
    </message>
    <message>
        <source>This model needs the same type for the K and V caches.</source>
        <translation>Dieses Modell braucht für K- und V-Cache denselben Typ.</translation>
    </message>
    <message>
        <source>The batch sizes are not valid.</source>
        <translation>Die Batch-Größen sind ungültig.</translation>
    </message>
    <message>
        <source>System RAM cannot be listed as a GPU device.</source>
        <translation>Der Arbeitsspeicher kann nicht als GPU-Gerät aufgeführt werden.</translation>
    </message>
    <message>
        <source>Tensor parallelism needs flash attention and an unquantized KV cache.</source>
        <translation>Tensor-Parallelität braucht Flash Attention und einen nicht quantisierten KV-Cache.</translation>
    </message>
    <message>
        <source>The model file does not name its architecture.</source>
        <translation>Die Modelldatei nennt ihre Architektur nicht.</translation>
    </message>
    <message>
        <source>How this model fits could not be worked out; the log says why.</source>
        <translation>Wie dieses Modell passt, konnte nicht ermittelt werden; das Protokoll nennt den Grund.</translation>
    </message>
    <message>
        <source>The model file does not say how many layers it has.</source>
        <translation>Die Modelldatei gibt nicht an, wie viele Schichten sie hat.</translation>
    </message>
    <message>
        <source>No repacked copies of weights are counted: repacking is off (--no-repack).</source>
        <translation>Keine umgepackten Kopien der Gewichte gezählt: Das Umpacken ist aus (--no-repack).</translation>
    </message>
    <message>
        <source>No repacked copies of weights are counted: no engine has told this CPU&apos;s features.</source>
        <translation>Keine umgepackten Kopien der Gewichte gezählt: Keine Engine hat die Merkmale dieser CPU gemeldet.</translation>
    </message>
    <message>
        <source>No repacked copies of weights are counted: this engine&apos;s CPU backend does not repack.</source>
        <translation>Keine umgepackten Kopien der Gewichte gezählt: Das CPU-Backend dieser Engine packt nicht um.</translation>
    </message>
    <message>
        <source>No repacked copies of weights are counted: the host&apos;s weights stay in a GPU&apos;s pinned buffer.</source>
        <translation>Keine umgepackten Kopien der Gewichte gezählt: Die Gewichte im Systemspeicher bleiben im gepinnten Puffer einer GPU.</translation>
    </message>
    <message>
        <source>A remote RPC device did not answer ({endpoints}).</source>
        <translation>Ein entferntes RPC-Gerät hat nicht geantwortet ({endpoints}).</translation>
    </message>
    <message>
        <source>“{endpoint}” is not host:port (for example 192.168.1.20:50052).</source>
        <translation>„{endpoint}“ ist nicht im Format host:port (zum Beispiel 192.168.1.20:50052).</translation>
    </message>
    <message>
        <source>STUDIO_FAKE_DEVICES has an entry that cannot be read: {entry}</source>
        <translation>STUDIO_FAKE_DEVICES enthält einen Eintrag, der nicht gelesen werden kann: {entry}</translation>
    </message>
    <message>
        <source>Cannot reach the Hugging Face Hub. Check the network connection, and the proxy and endpoint in Settings.</source>
        <translation>Der Hugging Face Hub ist nicht erreichbar. Prüfen Sie die Netzwerkverbindung sowie Proxy und Endpunkt in den Einstellungen.</translation>
    </message>
    <message>
        <source>Not found on the Hub: {target}.</source>
        <translation>Nicht auf dem Hub gefunden: {target}.</translation>
    </message>
    <message>
        <source>“{target}” is not a Hugging Face repository: write it as owner/name, with letters, digits, -, _ and . only.</source>
        <translation>„{target}“ ist kein Hugging-Face-Repository: Schreiben Sie es als Besitzer/Name, nur mit Buchstaben, Ziffern, -, _ und .</translation>
    </message>
    <message>
        <source>This repository is gated or private. Add a Hugging Face token in Settings and accept the model&apos;s terms on its Hub page.</source>
        <translation>Dieses Repository ist zugangsbeschränkt oder privat. Fügen Sie in den Einstellungen ein Hugging-Face-Token hinzu und akzeptieren Sie die Bedingungen des Modells auf seiner Hub-Seite.</translation>
    </message>
    <message>
        <source>The Hub answered with an error (HTTP {status}).</source>
        <translation>Der Hub hat mit einem Fehler geantwortet (HTTP {status}).</translation>
    </message>
    <message>
        <source>The token was not saved: {reason}</source>
        <translation>Das Token wurde nicht gespeichert: {reason}</translation>
    </message>
    <message>
        <source>Not enough disk space: {needed} needed plus {reserve} kept free, {free} free in {path}.</source>
        <translation>Nicht genug Speicherplatz: {needed} benötigt und {reserve} als Reserve frei gehalten, {free} frei in {path}.</translation>
    </message>
    <message>
        <source>{file} did not match the Hub&apos;s checksum, even when downloaded again. The damaged copy was deleted.</source>
        <translation>{file} stimmte nicht mit der Prüfsumme des Hubs überein, auch nicht nach erneutem Herunterladen. Die beschädigte Kopie wurde gelöscht.</translation>
    </message>
    <message>
        <source>{file} kept failing ({reason}). Resume to try again.</source>
        <translation>{file} schlug immer wieder fehl ({reason}). Setzen Sie fort, um es erneut zu versuchen.</translation>
    </message>
    <message>
        <source>Refused a file name that would write outside the target folder: {name}</source>
        <translation>Ein Dateiname, der außerhalb des Zielordners schreiben würde, wurde abgelehnt: {name}</translation>
    </message>
    <message>
        <source>Cannot write to {path}.</source>
        <translation>{path} ist nicht beschreibbar.</translation>
    </message>
    <message>
        <source>The download failed unexpectedly; see the log.</source>
        <translation>Der Download ist unerwartet fehlgeschlagen; siehe Protokoll.</translation>
    </message>
    <message>
        <source>This is not a usable GGUF model file ({reason}).</source>
        <translation>Dies ist keine verwendbare GGUF-Modelldatei ({reason}).</translation>
    </message>
    <message>
        <source>This is a vision projector (mmproj), not a model: load it together with its model.</source>
        <translation>Dies ist ein Vision-Projektor (mmproj), kein Modell: Laden Sie ihn zusammen mit seinem Modell.</translation>
    </message>
    <message>
        <source>The file cannot be read: {path}</source>
        <translation>Die Datei kann nicht gelesen werden: {path}</translation>
    </message>
    <message>
        <source>The folder {path} cannot be read ({reason}); its models are not listed.</source>
        <translation>Der Ordner {path} kann nicht gelesen werden ({reason}); seine Modelle werden nicht aufgeführt.</translation>
    </message>
    <message>
        <source>The folder {path} is nested more than {depth} folders deep; what lies in it is not listed.</source>
        <translation>Der Ordner {path} ist mehr als {depth} Ordner tief verschachtelt; was darin liegt, wird nicht aufgeführt.</translation>
    </message>
    <message>
        <source>The folder {path} holds more than {folders} folders; the models in the rest are not listed.</source>
        <translation>Der Ordner {path} enthält mehr als {folders} Ordner; die Modelle im Rest werden nicht aufgeführt.</translation>
    </message>
    <message>
        <source>Your settings could not be read, so the defaults apply. The unreadable file was kept as {moved_to}.</source>
        <translation>Ihre Einstellungen konnten nicht gelesen werden, daher gelten die Standardwerte. Die unlesbare Datei wurde als {moved_to} aufbewahrt.</translation>
    </message>
    <message>
        <source>Your settings could not be read ({path}), so the defaults apply for now.</source>
        <translation>Ihre Einstellungen konnten nicht gelesen werden ({path}); vorerst gelten die Standardwerte.</translation>
    </message>
    <message>
        <source>The conversations were saved by a newer version of GGUF Studio (format {version}; this version reads up to {supported}).</source>
        <translation>Die Unterhaltungen wurden von einer neueren Version von GGUF Studio gespeichert (Format {version}; diese Version liest bis {supported}).</translation>
    </message>
    <message>
        <source>The conversations file is damaged or not a database: {path}</source>
        <translation>Die Datei mit den Unterhaltungen ist beschädigt oder keine Datenbank: {path}</translation>
    </message>
    <message>
        <source>The conversations file was damaged. Everything that could still be read was recovered into a new file; the damaged one was kept as {backup}.</source>
        <translation>Die Datei mit den Unterhaltungen war beschädigt. Alles noch Lesbare wurde in eine neue Datei übernommen; die beschädigte wurde als {backup} aufbewahrt.</translation>
    </message>
    <message>
        <source>This conversation no longer exists.</source>
        <translation>Diese Unterhaltung existiert nicht mehr.</translation>
    </message>
    <message>
        <source>This message no longer exists.</source>
        <translation>Diese Nachricht existiert nicht mehr.</translation>
    </message>
    <message>
        <source>The disk is full, so this answer stopped where it was last saved. Free some space to go on.</source>
        <translation>Der Datenträger ist voll, daher endet diese Antwort dort, wo sie zuletzt gespeichert wurde. Gib etwas Speicherplatz frei, um weiterzumachen.</translation>
    </message>
    <message>
        <source>The conversation could not be saved ({reason}), so this answer stopped where it was last saved.</source>
        <translation>Die Unterhaltung konnte nicht gespeichert werden ({reason}), daher endet diese Antwort dort, wo sie zuletzt gespeichert wurde.</translation>
    </message>
    <message>
        <source>The messages of this conversation link back to each other in a loop, so it is shown from where the loop closes.</source>
        <translation>Die Nachrichten dieser Unterhaltung verweisen im Kreis aufeinander, daher wird sie ab der Stelle gezeigt, an der sich der Kreis schließt.</translation>
    </message>
    <message>
        <source>Load a model first.</source>
        <translation>Laden Sie zuerst ein Modell.</translation>
    </message>
    <message>
        <source>The engine refused the request.</source>
        <translation>Die Engine hat die Anfrage abgelehnt.</translation>
    </message>
    <message>
        <source>The connection to the engine was lost.</source>
        <translation>Die Verbindung zur Engine ging verloren.</translation>
    </message>
    <message>
        <source>The conversation could not be exported.</source>
        <translation>Die Unterhaltung konnte nicht exportiert werden.</translation>
    </message>
    <message>
        <source>Interrupted: the app closed while this answer was written.</source>
        <translation>Unterbrochen: Die App wurde beendet, während diese Antwort geschrieben wurde.</translation>
    </message>
    <message>
        <source>This model cannot see images: it was loaded without a vision projector (mmproj). Load a model that comes with one to send images.</source>
        <translation>Dieses Modell kann keine Bilder sehen: Es wurde ohne Vision-Projektor (mmproj) geladen. Laden Sie ein Modell mit Vision-Projektor, um Bilder zu senden.</translation>
    </message>
    <message>
        <source>This model cannot see images now: its vision projector failed to start, so it was loaded text-only. Reload it, perhaps with less of it on the GPU, to send images.</source>
        <translation>Dieses Modell kann gerade keine Bilder sehen: Sein Vision-Projektor ließ sich nicht starten, daher wurde es nur für Text geladen. Laden Sie es neu, eventuell mit einem kleineren Teil auf der GPU, um Bilder zu senden.</translation>
    </message>
    <message>
        <source>{name} could not be read as an image: PNG, JPEG and WebP can be attached.</source>
        <translation>{name} konnte nicht als Bild gelesen werden: Anhängen lassen sich PNG, JPEG und WebP.</translation>
    </message>
    <message>
        <source>At most {count} images can be sent with one message.</source>
        <translation>Mit einer Nachricht können höchstens {count} Bilder gesendet werden.</translation>
    </message>
    <message>
        <source>A preset needs a name.</source>
        <translation>Ein Preset braucht einen Namen.</translation>
    </message>
    <message>
        <source>A preset named “{name}” already exists.</source>
        <translation>Ein Preset namens „{name}“ gibt es bereits.</translation>
    </message>
    <message>
        <source>The preset “{name}” no longer exists.</source>
        <translation>Das Preset „{name}“ gibt es nicht mehr.</translation>
    </message>
    <message>
        <source>The preset file {path} cannot be read.</source>
        <translation>Die Preset-Datei {path} kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>{path} is not a preset: it is not a JSON file.</source>
        <translation>{path} ist kein Preset: Es ist keine JSON-Datei.</translation>
    </message>
    <message>
        <source>{path} is not a GGUF Studio preset: a preset has a name and its settings.</source>
        <translation>{path} ist kein GGUF-Studio-Preset: Ein Preset hat einen Namen und seine Einstellungen.</translation>
    </message>
    <message>
        <source>{path} is not a usable preset: its “{field}” has the wrong kind of value.</source>
        <translation>{path} ist kein verwendbares Preset: „{field}“ hat einen Wert der falschen Art.</translation>
    </message>
    <message>
        <source>The preset could not be saved to {path}.</source>
        <translation>Das Preset konnte nicht unter {path} gespeichert werden.</translation>
    </message>
    <message>
        <source>The presets cannot be saved to {path}.</source>
        <translation>Die Presets können nicht unter {path} gespeichert werden.</translation>
    </message>
    <message>
        <source>Your presets could not be read, so the list starts empty. The unreadable file was kept as {moved_to}.</source>
        <translation>Ihre Presets konnten nicht gelesen werden, daher ist die Liste zunächst leer. Die unlesbare Datei wurde als {moved_to} aufbewahrt.</translation>
    </message>
    <message>
        <source>Your presets could not be read ({path}), so the list starts empty.</source>
        <translation>Ihre Presets konnten nicht gelesen werden ({path}), daher ist die Liste zunächst leer.</translation>
    </message>
    <message>
        <source>{path} is not a usable preset: its “{field}” is {value}, but it must be from {low} to {high}.</source>
        <translation>{path} ist keine verwendbare Vorgabe: „{field}“ ist {value}, muss aber zwischen {low} und {high} liegen.</translation>
    </message>
    <message>
        <source>{path} is not a usable preset: its “{field}” is {value}, but it must be -1 (no limit) or from {low} to {high}.</source>
        <translation>{path} ist keine verwendbare Vorgabe: „{field}“ ist {value}, muss aber -1 (keine Grenze) sein oder zwischen {low} und {high} liegen.</translation>
    </message>
    <message>
        <source>Some remembered load settings of {model} could not be used ({settings}), so they are chosen afresh.</source>
        <translation>Einige gespeicherte Ladeeinstellungen von {model} waren nicht verwendbar ({settings}), daher werden sie neu gewählt.</translation>
    </message>
    <message>
        <source>This conversation needs {prompt_tokens} tokens, but the model&apos;s context holds {context_tokens}. Start a new conversation, let the chat drop the oldest messages (Inspector &gt; Context), or load the model with a larger context.</source>
        <translation>Diese Unterhaltung braucht {prompt_tokens} Tokens, der Kontext des Modells fasst aber nur {context_tokens}. Beginnen Sie eine neue Unterhaltung, lassen Sie den Chat die ältesten Nachrichten weglassen (Inspektor &gt; Kontext) oder laden Sie das Modell mit einem größeren Kontext.</translation>
    </message>
    <message>
        <source>{name} is not a text file, so it cannot be added to the message.</source>
        <translation>{name} ist keine Textdatei und kann daher nicht zur Nachricht hinzugefügt werden.</translation>
    </message>
    <message>
        <source>{name} cannot be read: {reason}</source>
        <translation>{name} kann nicht gelesen werden: {reason}</translation>
    </message>
    <message>
        <source>{name} is not an ordinary file (it is a pipe, a device or a folder), so it cannot be attached.</source>
        <translation>{name} ist keine gewöhnliche Datei (sondern eine Pipe, ein Gerät oder ein Ordner) und kann daher nicht angehängt werden.</translation>
    </message>
    <message>
        <source>{name} is too large to add to a message (more than {limit}).</source>
        <translation>{name} ist zu groß für eine Nachricht (mehr als {limit}).</translation>
    </message>
    <message>
        <source>This model&apos;s chat template does not think, so the thinking budget is not sent.</source>
        <translation>Die Chatvorlage dieses Modells sieht kein Nachdenken vor, daher wird das Denkbudget nicht gesendet.</translation>
    </message>
    <message>
        <source>{name} takes {tokens} tokens, but only {left} of the context&apos;s {context_tokens} are left, so it was not added.</source>
        <translation>{name} belegt {tokens} Tokens, aber vom Kontext mit {context_tokens} Tokens sind nur noch {left} frei, daher wurde es nicht hinzugefügt.</translation>
    </message>
    <message>
        <source>{name} is too large to attach (more than {limit}); nothing was added.</source>
        <translation>{name} ist zu groß zum Anhängen (mehr als {limit}); nichts wurde hinzugefügt.</translation>
    </message>
    <message>
        <source>{name} is a pipe, a device or a folder, not a document, so it was not attached.</source>
        <translation>{name} ist eine Pipe, ein Gerät oder ein Ordner, kein Dokument, und wurde daher nicht angehängt.</translation>
    </message>
    <message>
        <source>{name} could not be opened as a document: {reason}</source>
        <translation>{name} konnte nicht als Dokument geöffnet werden: {reason}</translation>
    </message>
    <message>
        <source>{name} is not a document this app reads ({suffix}); attach a PDF, Markdown, text, HTML or .docx file.</source>
        <translation>{name} ist kein Dokument, das diese App lesen kann ({suffix}); hängen Sie eine PDF-, Markdown-, Text-, HTML- oder .docx-Datei an.</translation>
    </message>
    <message>
        <source>{name} is protected by a password, so its text cannot be read.</source>
        <translation>{name} ist durch ein Passwort geschützt, daher kann sein Text nicht gelesen werden.</translation>
    </message>
    <message>
        <source>{name} has no text layer; it may be a scan. Run text recognition (OCR) on it first.</source>
        <translation>{name} hat keine Textebene; es ist vielleicht ein Scan. Führen Sie zuerst eine Texterkennung (OCR) darauf aus.</translation>
    </message>
    <message>
        <source>{name} is not a {kind} file this app can read; it may be damaged.</source>
        <translation>{name} ist keine {kind}-Datei, die diese App lesen kann; sie ist möglicherweise beschädigt.</translation>
    </message>
    <message>
        <source>{name} would unpack to more than {limit}, far more than a document holds, so it was not opened.</source>
        <translation>{name} würde entpackt mehr als {limit} ergeben, weit mehr, als ein Dokument enthält, und wurde daher nicht geöffnet.</translation>
    </message>
    <message>
        <source>{name} holds no text, so there is nothing to attach.</source>
        <translation>{name} enthält keinen Text, daher gibt es nichts anzuhängen.</translation>
    </message>
    <message>
        <source>{name} is not a text file, so it cannot be attached as a document.</source>
        <translation>{name} ist keine Textdatei und kann daher nicht als Dokument angehängt werden.</translation>
    </message>
    <message>
        <source>The documents could not be searched: the embedding model failed ({reason}).</source>
        <translation>Die Dokumente konnten nicht durchsucht werden: Das Embedding-Modell ist fehlgeschlagen ({reason}).</translation>
    </message>
    <message>
        <source>Load a model first: documents are indexed with the loaded model.</source>
        <translation>Laden Sie zuerst ein Modell: Dokumente werden mit dem geladenen Modell indexiert.</translation>
    </message>
    <message>
        <source>The embedding model {name} is not in the library: choose another in Settings, Documents.</source>
        <translation>Das Embedding-Modell {name} ist nicht in der Bibliothek: Wählen Sie unter Einstellungen &gt; Dokumente ein anderes.</translation>
    </message>
    <message>
        <source>The documents&apos; index at {path} cannot be opened.</source>
        <translation>Der Index der Dokumente unter {path} kann nicht geöffnet werden.</translation>
    </message>
    <message>
        <source>The documents&apos; index at {path} could not be saved: {reason}</source>
        <translation>Der Index der Dokumente unter {path} konnte nicht gespeichert werden: {reason}</translation>
    </message>
    <message>
        <source>The tools are not valid JSON (line {line}, column {column}).</source>
        <translation>Die Tools sind kein gültiges JSON (Zeile {line}, Spalte {column}).</translation>
    </message>
    <message>
        <source>The tools must be a JSON list of function definitions.</source>
        <translation>Die Tools müssen eine JSON-Liste von Funktionsdefinitionen sein.</translation>
    </message>
    <message>
        <source>Tool {number} is not a function definition: give it &quot;type&quot;: &quot;function&quot; and a &quot;function&quot; with a name.</source>
        <translation>Tool {number} ist keine Funktionsdefinition: Geben Sie ihm &quot;type&quot;: &quot;function&quot; und eine &quot;function&quot; mit einem Namen.</translation>
    </message>
    <message>
        <source>Tool {number} has no name.</source>
        <translation>Tool {number} hat keinen Namen.</translation>
    </message>
    <message>
        <source>The parameters of the tool {name} must be a JSON Schema object.</source>
        <translation>Die Parameter des Tools {name} müssen ein JSON-Schema-Objekt sein.</translation>
    </message>
    <message>
        <source>Two tools are called {name}.</source>
        <translation>Zwei Tools heißen {name}.</translation>
    </message>
    <message>
        <source>The tools are nested more than {levels} levels deep, which no tool needs.</source>
        <translation>Die Werkzeuge sind mehr als {levels} Ebenen tief verschachtelt, was kein Werkzeug braucht.</translation>
    </message>
    <message>
        <source>The tools contain NaN or Infinity, which JSON does not allow.</source>
        <translation>Die Werkzeuge enthalten NaN oder Infinity, was JSON nicht erlaubt.</translation>
    </message>
    <message>
        <source>The model asked for tools {rounds} rounds in a row, the most one question may take, so its last calls were not run.</source>
        <translation>Das Modell hat {rounds} Runden nacheinander Tools angefordert, das Maximum für eine Frage; daher wurden seine letzten Aufrufe nicht ausgeführt.</translation>
    </message>
    <message>
        <source>The model&apos;s call of {tool} was cut off or is not valid JSON, so it was not run; a larger answer limit may help.</source>
        <translation>Der Aufruf von {tool} durch das Modell wurde abgeschnitten oder ist kein gültiges JSON und wurde daher nicht ausgeführt; eine höhere Antwortgrenze kann helfen.</translation>
    </message>
    <message>
        <source>A Hugging Face token was kept out of the settings file ({field}); save tokens with Save token.</source>
        <translation>Ein Hugging-Face-Token wurde aus der Einstellungsdatei herausgehalten ({field}); speichern Sie Tokens mit „Token speichern“.</translation>
    </message>
    <message>
        <source>The settings cannot be saved to {path}.</source>
        <translation>Die Einstellungen können nicht unter {path} gespeichert werden.</translation>
    </message>
    <message>
        <source>The desktop entry cannot start the app: the command contains {argument}.</source>
        <translation>Der Desktop-Eintrag kann die App nicht starten: Der Befehl enthält {argument}.</translation>
    </message>
    <message>
        <source>The app icon is missing: {path}</source>
        <translation>Das App-Symbol fehlt: {path}</translation>
    </message>
    <message>
        <source>Port {port} is already in use by another program; choose another port.</source>
        <translation>Port {port} wird bereits von einem anderen Programm verwendet; wählen Sie einen anderen Port.</translation>
    </message>
    <message>
        <source>Port {port} may only be opened by an administrator; choose one above 1023.</source>
        <translation>Port {port} darf nur ein Administrator öffnen; wählen Sie einen über 1023.</translation>
    </message>
    <message>
        <source>The local API could not start: {reason}.</source>
        <translation>Die lokale API konnte nicht starten: {reason}.</translation>
    </message>
    <message>
        <source>The folder {path} does not exist.</source>
        <translation>Der Ordner {path} existiert nicht.</translation>
    </message>
    <message>
        <source>{path} is a file, not a folder.</source>
        <translation>{path} ist eine Datei, kein Ordner.</translation>
    </message>
    <message>
        <source>There is no device named “{device}” (see the device column of studio fit).</source>
        <translation>Es gibt kein Gerät namens „{device}“ (siehe die Gerätespalte von studio fit).</translation>
    </message>
    <message>
        <source>“{item}” is not DEVICE=LAYERS (for example CUDA0=20).</source>
        <translation>„{item}“ ist nicht GERÄT=SCHICHTEN (zum Beispiel CUDA0=20).</translation>
    </message>
    <message>
        <source>“{item}” is not a size such as 2GiB or host=512MiB.</source>
        <translation>„{item}“ ist keine Größe wie 2GiB oder host=512MiB.</translation>
    </message>
    <message>
        <source>“{item}” is not KNOB=VALUE (for example ubatch=1024 or layers:CUDA0=20).</source>
        <translation>„{item}“ ist nicht EINSTELLUNG=WERT (zum Beispiel ubatch=1024 oder layers:CUDA0=20).</translation>
    </message>
    <message>
        <source>“{value}” is not a value {knob} can take ({expected}).</source>
        <translation>„{value}“ ist kein Wert, den {knob} annehmen kann ({expected}).</translation>
    </message>
    <message>
        <source>A benchmark variant cannot change “{knob}”; it can change: {knobs}.</source>
        <translation>Eine Benchmark-Variante kann „{knob}“ nicht ändern; änderbar sind: {knobs}.</translation>
    </message>
    <message>
        <source>{variant}: tensor parallelism splits every layer across the devices, so a variant cannot also move layers between them.</source>
        <translation>{variant}: Tensor-Parallelität teilt jede Schicht auf die Geräte auf, daher kann eine Variante nicht zugleich Schichten zwischen ihnen verschieben.</translation>
    </message>
    <message>
        <source>A comparison takes {least} to {most} variants, not {count}.</source>
        <translation>Ein Vergleich umfasst {least} bis {most} Varianten, nicht {count}.</translation>
    </message>
    <message>
        <source>{variant} started only after the engine&apos;s recovery changed it, so it was not measured.</source>
        <translation>{variant} startete erst, nachdem die Wiederherstellung der Engine sie verändert hatte, und wurde daher nicht gemessen.</translation>
    </message>
    <message>
        <source>A context of {ctx} tokens leaves no room for a benchmark prompt and the {tokens} tokens it writes.</source>
        <translation>Ein Kontext von {ctx} Tokens lässt keinen Platz für einen Benchmark-Prompt und die {tokens} Tokens, die er schreibt.</translation>
    </message>
    <message>
        <source>The engine did not answer a benchmark request for {variant}.</source>
        <translation>Die Engine hat eine Benchmark-Anfrage für {variant} nicht beantwortet.</translation>
    </message>
    <message>
        <source>A benchmark request was stopped from elsewhere, so the benchmark ended.</source>
        <translation>Eine Anfrage des Benchmarks wurde von anderer Stelle abgebrochen; der Benchmark wurde beendet.</translation>
    </message>
    <message>
        <source>The engine&apos;s answer had no timings, so nothing could be measured.</source>
        <translation>Die Antwort der Engine enthielt keine Zeitmessungen, daher konnte nichts gemessen werden.</translation>
    </message>
    <message>
        <source>The benchmark could not be written to {path}: {reason}.</source>
        <translation>Der Benchmark konnte nicht nach {path} geschrieben werden: {reason}.</translation>
    </message>
    <message>
        <source>Not tried: the time budget was spent.</source>
        <translation>Nicht versucht: Das Zeitbudget war aufgebraucht.</translation>
    </message>
    <message>
        <source>{fastest} generates {ratio} times as fast as {slower}.</source>
        <translation>{fastest} erzeugt {ratio}-mal so schnell wie {slower}.</translation>
    </message>
    <message>
        <source>{fastest} reads prompts {ratio} times as fast as {slower}.</source>
        <translation>{fastest} liest Prompts {ratio}-mal so schnell wie {slower}.</translation>
    </message>
    <message>
        <source>{fastest} and {slower} generate about as fast: the gap ({ratio} times) is within the spread of their runs.</source>
        <translation>{fastest} und {slower} erzeugen etwa gleich schnell: Der Abstand ({ratio}-fach) liegt innerhalb der Streuung ihrer Durchläufe.</translation>
    </message>
    <message>
        <source>{fastest} and {slower} read prompts about as fast: the gap ({ratio} times) is within the spread of their runs.</source>
        <translation>{fastest} und {slower} lesen Prompts etwa gleich schnell: Der Abstand ({ratio}-fach) liegt innerhalb der Streuung ihrer Durchläufe.</translation>
    </message>
    <message>
        <source>With one run each there is no spread, so whether a difference is more than noise is unknown: measure more runs.</source>
        <translation>Mit nur einem Durchlauf je Variante gibt es keine Streuung; ob ein Unterschied mehr als Rauschen ist, bleibt offen: Messen Sie mehr Durchläufe.</translation>
    </message>
    <message>
        <source>A chat answer is being written. Stop it first: a benchmark loads other plans of the model in its place.</source>
        <translation>Gerade wird eine Chat-Antwort geschrieben. Halten Sie sie zuerst an: Ein Benchmark lädt an ihrer Stelle andere Pläne des Modells.</translation>
    </message>
    <message>
        <source>A benchmark is running already. Wait for it, or cancel it first.</source>
        <translation>Ein Benchmark läuft bereits. Warten Sie darauf oder brechen Sie ihn zuerst ab.</translation>
    </message>
    <message>
        <source>“{wanted}” does not name one model here; choose one of: {choices}.</source>
        <translation>„{wanted}“ bezeichnet hier nicht genau ein Modell; wählen Sie eines von: {choices}.</translation>
    </message>
    <message>
        <source>The API key file {path} cannot be read.</source>
        <translation>Die API-Schlüsseldatei {path} kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>The API key is empty.</source>
        <translation>Der API-Schlüssel ist leer.</translation>
    </message>
    <message>
        <source>The connection limit must be at least 1, not {given}.</source>
        <translation>Die Verbindungsgrenze muss mindestens 1 sein, nicht {given}.</translation>
    </message>
    <message>
        <source>Listening on {host} lets other machines connect: give --api-key or --api-key-file.</source>
        <translation>Auf {host} zu lauschen lässt andere Rechner verbinden: Geben Sie --api-key oder --api-key-file an.</translation>
    </message>
    <message>
        <source>The prompt takes {prompt_tokens} tokens, but the model&apos;s context holds {context_tokens}: shorten it or give a larger --ctx.</source>
        <translation>Der Prompt braucht {prompt_tokens} Tokens, aber der Kontext des Modells fasst {context_tokens}: Kürzen Sie ihn oder geben Sie einen größeren --ctx an.</translation>
    </message>
    <message>
        <source>This engine has no speculative decoding type “{spec_type}”; it knows {choices}.</source>
        <translation>Diese Engine kennt keine spekulative Dekodierung „{spec_type}“; sie kennt {choices}.</translation>
    </message>
    <message>
        <source>This computer has no address {host} to listen on.</source>
        <translation>Dieser Computer hat keine Adresse {host}, auf der er lauschen könnte.</translation>
    </message>
    <message>
        <source>The command studio {command} stopped on an unexpected problem; the details are in {log}.</source>
        <translation>Der Befehl studio {command} ist an einem unerwarteten Problem gescheitert; die Einzelheiten stehen in {log}.</translation>
    </message>
    <message>
        <source>The MCP servers file {path} cannot be read.</source>
        <translation>Die MCP-Serverdatei {path} kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is not a regular file, so it is not read.</source>
        <translation>Die MCP-Serverdatei {path} ist keine reguläre Datei und wird daher nicht gelesen.</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is larger than {limit}, so it is not read.</source>
        <translation>Die MCP-Serverdatei {path} ist größer als {limit} und wird daher nicht gelesen.</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is not UTF-8 text.</source>
        <translation>Die MCP-Serverdatei {path} ist kein UTF-8-Text.</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is not valid JSON (line {line}, column {column}).</source>
        <translation>Die MCP-Serverdatei {path} ist kein gültiges JSON (Zeile {line}, Spalte {column}).</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is nested too deeply to be read.</source>
        <translation>Die MCP-Serverdatei {path} ist zu tief verschachtelt, um gelesen zu werden.</translation>
    </message>
    <message>
        <source>The file {path} has no “mcpServers” object, so it names no MCP servers.</source>
        <translation>Die Datei {path} hat kein „mcpServers“-Objekt und nennt daher keine MCP-Server.</translation>
    </message>
    <message>
        <source>There can be at most {most} MCP servers.</source>
        <translation>Es kann höchstens {most} MCP-Server geben.</translation>
    </message>
    <message>
        <source>The MCP server {server} must be a JSON object.</source>
        <translation>Der MCP-Server {server} muss ein JSON-Objekt sein.</translation>
    </message>
    <message>
        <source>“{server}” cannot name an MCP server: use up to 64 letters, digits, spaces, dots, dashes and underscores, starting with a letter or a digit.</source>
        <translation>„{server}“ kann keinen MCP-Server benennen: Verwenden Sie bis zu 64 Buchstaben, Ziffern, Leerzeichen, Punkte, Bindestriche und Unterstriche, beginnend mit einem Buchstaben oder einer Ziffer.</translation>
    </message>
    <message>
        <source>The MCP server {server} needs a “command” to run or a “url” to connect to.</source>
        <translation>Der MCP-Server {server} braucht einen „command“ zum Ausführen oder eine „url“ zum Verbinden.</translation>
    </message>
    <message>
        <source>The MCP server {server} has both a “command” and a “url”; keep one of them.</source>
        <translation>Der MCP-Server {server} hat sowohl „command“ als auch „url“; behalten Sie nur eines davon.</translation>
    </message>
    <message>
        <source>The MCP server {server} has the type “{type}”; Studio runs “stdio” and “http” (streamable HTTP) servers.</source>
        <translation>Der MCP-Server {server} hat den Typ „{type}“; Studio führt „stdio“- und „http“-Server (Streamable HTTP) aus.</translation>
    </message>
    <message>
        <source>The MCP server {server} has the type “{type}”, which does not go with its “command” or “url”.</source>
        <translation>Der MCP-Server {server} hat den Typ „{type}“, der nicht zu seinem „command“ oder seiner „url“ passt.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} must be text.</source>
        <translation>„{field}“ des MCP-Servers {server} muss ein Text sein.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} must be a list of texts.</source>
        <translation>„{field}“ des MCP-Servers {server} muss eine Liste von Texten sein.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} must be an object whose values are texts.</source>
        <translation>„{field}“ des MCP-Servers {server} muss ein Objekt sein, dessen Werte Texte sind.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} must be true or false.</source>
        <translation>„{field}“ des MCP-Servers {server} muss true oder false sein.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} is empty.</source>
        <translation>„{field}“ des MCP-Servers {server} ist leer.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} holds a text longer than {most} characters.</source>
        <translation>„{field}“ des MCP-Servers {server} enthält einen Text, der länger als {most} Zeichen ist.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} has more than {most} entries.</source>
        <translation>„{field}“ des MCP-Servers {server} hat mehr als {most} Einträge.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} holds a NUL character or a line break, which it cannot pass on.</source>
        <translation>„{field}“ des MCP-Servers {server} enthält ein NUL-Zeichen oder einen Zeilenumbruch, die nicht weitergegeben werden können.</translation>
    </message>
    <message>
        <source>“{entry}” is not a valid name in the “{field}” of the MCP server {server}.</source>
        <translation>„{entry}“ ist kein gültiger Name in „{field}“ des MCP-Servers {server}.</translation>
    </message>
    <message>
        <source>The MCP server {server} has the URL “{url}”, which is not an http:// or https:// address.</source>
        <translation>Der MCP-Server {server} hat die URL „{url}“, die keine http://- oder https://-Adresse ist.</translation>
    </message>
    <message>
        <source>The list of MCP servers cannot be saved to {path}.</source>
        <translation>Die Liste der MCP-Server kann nicht unter {path} gespeichert werden.</translation>
    </message>
    <message>
        <source>There is no MCP server called {server}.</source>
        <translation>Es gibt keinen MCP-Server namens {server}.</translation>
    </message>
    <message>
        <source>There is already an MCP server called {server}; choose another name.</source>
        <translation>Es gibt bereits einen MCP-Server namens {server}; wählen Sie einen anderen Namen.</translation>
    </message>
    <message>
        <source>The line “{line}” in the “{field}” of the MCP server {server} needs a “{separator}” between the name and the value.</source>
        <translation>Die Zeile „{line}“ in „{field}“ des MCP-Servers {server} braucht ein „{separator}“ zwischen Name und Wert.</translation>
    </message>
    <message>
        <source>The MCP server {server} could not start: the program {command} was not found.</source>
        <translation>Der MCP-Server {server} konnte nicht starten: Das Programm {command} wurde nicht gefunden.</translation>
    </message>
    <message>
        <source>The MCP server {server} could not start {command}: {reason}.</source>
        <translation>Der MCP-Server {server} konnte {command} nicht starten: {reason}.</translation>
    </message>
    <message>
        <source>The MCP server {server} cannot be reached at {url}.</source>
        <translation>Der MCP-Server {server} ist unter {url} nicht erreichbar.</translation>
    </message>
    <message>
        <source>The MCP server {server} did not answer within {seconds} seconds.</source>
        <translation>Der MCP-Server {server} hat nicht innerhalb von {seconds} Sekunden geantwortet.</translation>
    </message>
    <message>
        <source>The MCP server {server} stopped unexpectedly.</source>
        <translation>Der MCP-Server {server} wurde unerwartet beendet.</translation>
    </message>
    <message>
        <source>The MCP server {server} answered with an error: {reason}</source>
        <translation>Der MCP-Server {server} hat mit einem Fehler geantwortet: {reason}</translation>
    </message>
    <message>
        <source>The tool {tool} of the MCP server {server} could not be called: {reason}</source>
        <translation>Das Werkzeug {tool} des MCP-Servers {server} konnte nicht aufgerufen werden: {reason}</translation>
    </message>
    <message>
        <source>The tool {tool} of the MCP server {server} answered with a result MCP does not allow.</source>
        <translation>Das Werkzeug {tool} des MCP-Servers {server} hat mit einem Ergebnis geantwortet, das MCP nicht zulässt.</translation>
    </message>
    <message>
        <source>The MCP server {server} is not running.</source>
        <translation>Der MCP-Server {server} läuft nicht.</translation>
    </message>
    <message>
        <source>No running MCP server offers a tool called {tool}.</source>
        <translation>Kein laufender MCP-Server bietet ein Werkzeug namens {tool} an.</translation>
    </message>
    <message>
        <source>The tool&apos;s arguments are not valid JSON (line {line}, column {column}).</source>
        <translation>Die Argumente des Werkzeugs sind kein gültiges JSON (Zeile {line}, Spalte {column}).</translation>
    </message>
    <message>
        <source>The tool&apos;s arguments must be a JSON object.</source>
        <translation>Die Argumente des Werkzeugs müssen ein JSON-Objekt sein.</translation>
    </message>
    <message>
        <source>{device} needs {needed} but may use {budget}.</source>
        <translation>{device} braucht {needed}, darf aber nur {budget} nutzen.</translation>
    </message>
    <message>
        <source>{device} takes at most {limit} in one tensor: {kept} of weights stay in system memory.</source>
        <translation>{device} nimmt höchstens {limit} in einem Tensor auf: {kept} an Gewichten bleiben im Arbeitsspeicher.</translation>
    </message>
    <message>
        <source>System RAM needs {needed} but may use {budget}.</source>
        <translation>Der Arbeitsspeicher braucht {needed}, darf aber nur {budget} nutzen.</translation>
    </message>
    <message>
        <source>Nothing fits, even at a context of {ctx}: choose a smaller quant or free memory.</source>
        <translation>Nichts passt, selbst bei einem Kontext von {ctx}: Wählen Sie eine kleinere Quantisierung oder geben Sie Speicher frei.</translation>
    </message>
    <message>
        <source>{requested} layers were asked for; the model has {maximum}.</source>
        <translation>{requested} Schichten wurden angefordert; das Modell hat {maximum}.</translation>
    </message>
    <message>
        <source>A remembered device is not present any more ({key}).</source>
        <translation>Ein gespeichertes Gerät ist nicht mehr vorhanden ({key}).</translation>
    </message>
    <message>
        <source>This model is dense: it has no experts to keep on the CPU.</source>
        <translation>Dieses Modell ist dicht: Es hat keine Experten, die auf der CPU bleiben könnten.</translation>
    </message>
    <message>
        <source>Experts on the CPU reduced from {requested} to {maximum} layers.</source>
        <translation>Experten auf der CPU von {requested} auf {maximum} Schichten verringert.</translation>
    </message>
    <message>
        <source>Tensor parallelism needs two or more devices.</source>
        <translation>Tensor-Parallelität braucht zwei oder mehr Geräte.</translation>
    </message>
    <message>
        <source>Tensor parallelism needs flash attention on.</source>
        <translation>Tensor-Parallelität braucht eingeschaltete Flash Attention.</translation>
    </message>
    <message>
        <source>Tensor parallelism needs an unquantized KV cache (not {cache_type}).</source>
        <translation>Tensor-Parallelität braucht einen nicht quantisierten KV-Cache (nicht {cache_type}).</translation>
    </message>
    <message>
        <source>Tensor parallelism does not support the {architecture} architecture.</source>
        <translation>Tensor-Parallelität unterstützt die Architektur {architecture} nicht.</translation>
    </message>
    <message>
        <source>This llama-server build has no tensor split mode.</source>
        <translation>Dieser llama-server-Build hat keinen Tensor-Aufteilungsmodus.</translation>
    </message>
    <message>
        <source>Tensor parallelism keeps every expert on the GPUs; experts on the CPU were reset.</source>
        <translation>Tensor-Parallelität hält alle Experten auf den GPUs; die Experten auf der CPU wurden zurückgesetzt.</translation>
    </message>
    <message>
        <source>Tensor parallelism needs the whole model on the GPUs, which does not fit: layer split is used.</source>
        <translation>Tensor-Parallelität braucht das ganze Modell auf den GPUs, was nicht passt: Es wird nach Schichten aufgeteilt.</translation>
    </message>
    <message>
        <source>This llama-server build has no {cache_type} KV cache.</source>
        <translation>Dieser llama-server-Build hat keinen KV-Cache vom Typ {cache_type}.</translation>
    </message>
    <message>
        <source>The model has no MTP layers for speculative decoding.</source>
        <translation>Das Modell hat keine MTP-Schichten für spekulatives Decoding.</translation>
    </message>
    <message>
        <source>The model declares MTP layers but their tensors are missing (layers {layers}): the conversion dropped them.</source>
        <translation>Das Modell deklariert MTP-Schichten, aber ihre Tensoren fehlen (Schichten {layers}): Die Konvertierung hat sie verworfen.</translation>
    </message>
    <message>
        <source>This llama-server build has no MTP speculative decoding.</source>
        <translation>Dieser llama-server-Build hat kein spekulatives Decoding mit MTP.</translation>
    </message>
    <message>
        <source>MTP and a draft model cannot be used together.</source>
        <translation>MTP und ein Entwurfsmodell können nicht zusammen verwendet werden.</translation>
    </message>
    <message>
        <source>A context of {requested} is below the minimum {minimum}.</source>
        <translation>Ein Kontext von {requested} liegt unter dem Minimum von {minimum}.</translation>
    </message>
    <message>
        <source>A context of {requested} is above the {trained} the model was trained for.</source>
        <translation>Ein Kontext von {requested} liegt über den {trained}, mit denen das Modell trainiert wurde.</translation>
    </message>
    <message>
        <source>Context rounded from {requested} to {planned}.</source>
        <translation>Kontext von {requested} auf {planned} gerundet.</translation>
    </message>
    <message>
        <source>Context reduced from {trained} to {planned} to fit.</source>
        <translation>Kontext von {trained} auf {planned} verringert, damit es passt.</translation>
    </message>
    <message>
        <source>{variable}={value} from the environment is used.</source>
        <translation>{variable}={value} aus der Umgebung wird verwendet.</translation>
    </message>
    <message>
        <source>{variable}={value} from the environment is ignored (cleared for the engine).</source>
        <translation>{variable}={value} aus der Umgebung wird ignoriert (für die Engine entfernt).</translation>
    </message>
    <message>
        <source>{device} cannot be used by this engine ({why}).</source>
        <translation>{device} kann von dieser Engine nicht verwendet werden ({why}).</translation>
    </message>
    <message>
        <source>This llama-server build has no flash attention switch.</source>
        <translation>Dieser llama-server-Build hat keinen Schalter für Flash Attention.</translation>
    </message>
    <message>
        <source>This llama-server build cannot change the KV cache type.</source>
        <translation>Dieser llama-server-Build kann den KV-Cache-Typ nicht ändern.</translation>
    </message>
    <message>
        <source>This llama-server build has no draft-model speculative decoding.</source>
        <translation>Dieser llama-server-Build hat kein spekulatives Decoding mit Entwurfsmodell.</translation>
    </message>
    <message>
        <source>No mmproj file was found beside the model.</source>
        <translation>Neben dem Modell wurde keine mmproj-Datei gefunden.</translation>
    </message>
    <message>
        <source>This llama-server build cannot load a projector.</source>
        <translation>Dieser llama-server-Build kann keinen Projektor laden.</translation>
    </message>
    <message>
        <source>Tensor parallelism keeps every expert on the GPUs.</source>
        <translation>Tensor-Parallelität hält alle Experten auf den GPUs.</translation>
    </message>
    <message>
        <source>Tensor parallelism splits every layer over the devices.</source>
        <translation>Tensor-Parallelität teilt jede Schicht auf die Geräte auf.</translation>
    </message>
    <message>
        <source>The llama-server engine cannot be run ({path}): it is not an executable file.</source>
        <translation>Die llama-server-Engine kann nicht ausgeführt werden ({path}): Sie ist keine ausführbare Datei.</translation>
    </message>
    <message>
        <source>The disk is full: {path} could not be written.</source>
        <translation>Der Datenträger ist voll: {path} konnte nicht geschrieben werden.</translation>
    </message>
    <message>
        <source>The conversation could not be saved, so this answer stopped where it was last saved.</source>
        <translation>Die Unterhaltung konnte nicht gespeichert werden, daher endet diese Antwort dort, wo sie zuletzt gespeichert wurde.</translation>
    </message>
    <message>
        <source>The model file does not exist.</source>
        <translation>Die Modelldatei existiert nicht.</translation>
    </message>
    <message>
        <source>The benchmark could not be written to {path}.</source>
        <translation>Der Benchmark konnte nicht nach {path} geschrieben werden.</translation>
    </message>
    <message>
        <source>The file is not a valid GGUF model (truncated or corrupt).</source>
        <translation>Die Datei ist kein gültiges GGUF-Modell (abgeschnitten oder beschädigt).</translation>
    </message>
    <message>
        <source>The engine exited before it said why.</source>
        <translation>Die Engine wurde beendet, bevor sie einen Grund nannte.</translation>
    </message>
    <message>
        <source>This conversation no longer fits the model&apos;s context. Start a new conversation, let the chat drop the oldest messages (Inspector &gt; Context), or load the model with a larger context.</source>
        <translation>Diese Unterhaltung passt nicht mehr in den Kontext des Modells. Beginnen Sie eine neue Unterhaltung, lassen Sie den Chat die ältesten Nachrichten weglassen (Inspektor &gt; Kontext) oder laden Sie das Modell mit einem größeren Kontext.</translation>
    </message>
    <message>
        <source>The engine was stopped by a signal ({signal}).</source>
        <translation>Die Engine wurde durch ein Signal gestoppt ({signal}).</translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s) run on the CPU to fit.</source>
        <translation>
            <numerusform>%n Schicht läuft auf der CPU, damit es passt.</numerusform>
            <numerusform>%n Schichten laufen auf der CPU, damit es passt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The experts of %n layer(s) stay on the CPU to fit.</source>
        <translation>
            <numerusform>Die Experten von %n Schicht bleiben auf der CPU, damit es passt.</numerusform>
            <numerusform>Die Experten von %n Schichten bleiben auf der CPU, damit es passt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) of this conversation could not be read and are left out; the rest is shown.</source>
        <translation>
            <numerusform>%n Nachricht dieser Unterhaltung konnte nicht gelesen werden und wird ausgelassen; der Rest wird angezeigt.</numerusform>
            <numerusform>%n Nachrichten dieser Unterhaltung konnten nicht gelesen werden und werden ausgelassen; der Rest wird angezeigt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n preset(s) in your presets file could not be used and are left out.</source>
        <translation>
            <numerusform>%n Vorgabe in deiner Vorgabendatei war nicht verwendbar und wird ausgelassen.</numerusform>
            <numerusform>%n Vorgaben in deiner Vorgabendatei waren nicht verwendbar und werden ausgelassen.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %n oldest message(s) were left out of this request so that it fits the model&apos;s context.</source>
        <translation>
            <numerusform>%n Nachricht, die älteste, wurde aus dieser Anfrage weggelassen, damit sie in den Kontext des Modells passt.</numerusform>
            <numerusform>Die %n ältesten Nachrichten wurden aus dieser Anfrage weggelassen, damit sie in den Kontext des Modells passt.</numerusform>
        </translation>
    </message>
    <message>
        <source>Something went wrong ({code}).</source>
        <translation>Etwas ist schiefgegangen ({code}).</translation>
    </message>
    <message>
        <source>no data for a while</source>
        <translation>eine Weile keine Daten</translation>
    </message>
    <message>
        <source>the connection dropped</source>
        <translation>die Verbindung brach ab</translation>
    </message>
    <message>
        <source>cannot connect</source>
        <translation>keine Verbindung möglich</translation>
    </message>
    <message>
        <source>the bytes did not match the checksum</source>
        <translation>die Daten passten nicht zur Prüfsumme</translation>
    </message>
    <message>
        <source>the server refused to resume</source>
        <translation>der Server lehnte das Fortsetzen ab</translation>
    </message>
    <message>
        <source>the server sent too much</source>
        <translation>der Server sandte zu viele Daten</translation>
    </message>
    <message>
        <source>server error {status}</source>
        <translation>Serverfehler {status}</translation>
    </message>
    <message>
        <source>Retried on another port</source>
        <translation>Mit einem anderen Port erneut versucht</translation>
    </message>
    <message>
        <source>Retried with flash attention off</source>
        <translation>Mit ausgeschalteter Flash Attention erneut versucht</translation>
    </message>
    <message>
        <source>Retried with the vision projector on the CPU</source>
        <translation>Mit dem Vision-Projektor auf der CPU erneut versucht</translation>
    </message>
    <message>
        <source>Retried without the vision projector</source>
        <translation>Ohne den Vision-Projektor erneut versucht</translation>
    </message>
    <message>
        <source>Retried without speculative decoding</source>
        <translation>Ohne spekulatives Decoding erneut versucht</translation>
    </message>
    <message>
        <source>Retried with layer split instead of tensor parallel</source>
        <translation>Mit Schichtaufteilung statt Tensor-Parallelität erneut versucht</translation>
    </message>
    <message>
        <source>Retried with a smaller plan</source>
        <translation>Mit einem kleineren Plan erneut versucht</translation>
    </message>
    <message>
        <source>Retried with a context of {ctx} (it goes no lower than {floor})</source>
        <translation>Mit einem Kontext von {ctx} erneut versucht (nicht unter {floor})</translation>
    </message>
    <message>
        <source>Retried with a {cache_type} KV cache</source>
        <translation>Mit einem KV-Cache vom Typ {cache_type} erneut versucht</translation>
    </message>
    <message>
        <source>Retried with the experts of {layers} layers on the CPU</source>
        <translation>Mit den Experten von {layers} Schichten auf der CPU erneut versucht</translation>
    </message>
    <message>
        <source>Retried with {layers} layers left on {device}</source>
        <translation>Mit nur noch {layers} Schichten auf {device} erneut versucht</translation>
    </message>
    <message>
        <source>{step}, after: {cause}</source>
        <translation>{step}, nach: {cause}</translation>
    </message>
    <message>
        <source>Not tested (an engine before it runs)</source>
        <translation>Nicht getestet (eine vorherige Engine läuft)</translation>
    </message>
    <message>
        <source>Runs on this CPU</source>
        <translation>Läuft auf dieser CPU</translation>
    </message>
    <message>
        <source>Cannot run here: built for {built_for}; this CPU has {cpu}.</source>
        <translation>Läuft hier nicht: erstellt für {built_for}; diese CPU hat {cpu}.</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>Kein Modell geladen</translation>
    </message>
    <message>
        <source>Loading</source>
        <translation>Wird geladen</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Bereit</translation>
    </message>
    <message>
        <source>Crashed</source>
        <translation>Abgestürzt</translation>
    </message>
    <message>
        <source>Restarting after a crash</source>
        <translation>Neustart nach einem Absturz</translation>
    </message>
    <message>
        <source>Stopping</source>
        <translation>Wird beendet</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>starting the engine</source>
        <translation>Engine wird gestartet</translation>
    </message>
    <message>
        <source>loading the weights</source>
        <translation>Gewichte werden geladen</translation>
    </message>
    <message>
        <source>creating the context</source>
        <translation>Kontext wird erstellt</translation>
    </message>
    <message>
        <source>warming up</source>
        <translation>Aufwärmen</translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>geladen</translation>
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
        <translation>{model} wird geladen…</translation>
    </message>
    <message>
        <source>{model} is ready.</source>
        <translation>{model} ist bereit.</translation>
    </message>
    <message>
        <source>The engine stopped unexpectedly; restarting it…</source>
        <translation>Die Engine wurde unerwartet beendet; sie wird neu gestartet…</translation>
    </message>
    <message>
        <source>The engine crashed and was restarted; {model} is ready again.</source>
        <translation>Die Engine ist abgestürzt und wurde neu gestartet; {model} ist wieder bereit.</translation>
    </message>
    <message>
        <source>{model} could not start as planned. {step}.</source>
        <translation>{model} konnte nicht wie geplant starten. {step}.</translation>
    </message>
    <message>
        <source>{model} could not be loaded: {reason}</source>
        <translation>{model} konnte nicht geladen werden: {reason}</translation>
    </message>
    <message>
        <source>{model} was unloaded.</source>
        <translation>{model} wurde entladen.</translation>
    </message>
    <message>
        <source>{model} was not loaded automatically: the app closed unexpectedly while loading it last time. Load it again from the Library when you are ready.</source>
        <translation>{model} wurde nicht automatisch geladen: Die App wurde beim letzten Laden unerwartet beendet. Laden Sie es aus der Bibliothek erneut, wenn Sie bereit sind.</translation>
    </message>
    <message>
        <source>The last model, {model}, was not loaded automatically: its file is gone.</source>
        <translation>Das letzte Modell, {model}, wurde nicht automatisch geladen: Seine Datei ist verschwunden.</translation>
    </message>
    <message>
        <source>The model</source>
        <translation>Das Modell</translation>
    </message>
</context>
<context>
    <name>ServerPage</name>
    <message>
        <source>Memory: predicted, allocated by the engine, in use now</source>
        <translation>Speicher: vorhergesagt, von der Engine belegt, jetzt in Gebrauch</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Engine state</source>
        <translation>Zustand der Engine</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modell</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Kontext</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>Prozess</translation>
    </message>
    <message>
        <source>Recovery</source>
        <translation>Wiederherstellung</translation>
    </message>
    <message>
        <source>Unload model</source>
        <translation>Modell entladen</translation>
    </message>
    <message>
        <source>Unload the model and stop the engine</source>
        <translation>Das Modell entladen und die Engine beenden</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
    <message>
        <source>Probing…</source>
        <translation>Wird geprüft…</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Binary</source>
        <translation>Programmdatei</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Geräte</translation>
    </message>
    <message>
        <source>Supports</source>
        <translation>Unterstützt</translation>
    </message>
    <message>
        <source>Address of the running engine</source>
        <translation>Adresse der laufenden Engine</translation>
    </message>
    <message>
        <source>Engine address</source>
        <translation>Engine-Adresse</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Kopieren</translation>
    </message>
    <message>
        <source>Command line of the engine, secrets redacted</source>
        <translation>Befehlszeile der Engine, Geheimnisse entfernt</translation>
    </message>
    <message>
        <source>Copy the command line</source>
        <translation>Die Befehlszeile kopieren</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Befehl</translation>
    </message>
    <message>
        <source>Engine log</source>
        <translation>Engine-Protokoll</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>Mitverfolgen</translation>
    </message>
    <message>
        <source>Scroll to new log lines</source>
        <translation>Zu neuen Protokollzeilen scrollen</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keine</translation>
    </message>
    <message numerus="yes">
        <source>{ctx} tokens, %n slot(s)</source>
        <translation>
            <numerusform>{ctx} Tokens, %n Slot</numerusform>
            <numerusform>{ctx} Tokens, %n Slots</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>pid {pid}; %n start(s), {respawns} after a crash</source>
        <translation>
            <numerusform>PID {pid}; %n Start, davon {respawns} nach einem Absturz</numerusform>
            <numerusform>PID {pid}; %n Starts, davon {respawns} nach einem Absturz</numerusform>
        </translation>
    </message>
    <message>
        <source>llama-server {version} ({source})</source>
        <translation>llama-server {version} ({source})</translation>
    </message>
    <message>
        <source>{name}: {description}, {free} of {total} MiB free</source>
        <translation>{name}: {description}, {free} von {total} MiB frei</translation>
    </message>
    <message>
        <source>None: models run on the CPU</source>
        <translation>Keine: Modelle laufen auf der CPU</translation>
    </message>
    <message>
        <source>MoE experts on the CPU</source>
        <translation>MoE-Experten auf der CPU</translation>
    </message>
    <message>
        <source>tensor parallel</source>
        <translation>Tensor-parallel</translation>
    </message>
    <message>
        <source>RPC devices</source>
        <translation>RPC-Geräte</translation>
    </message>
    <message>
        <source>vision projectors</source>
        <translation>Vision-Projektoren</translation>
    </message>
    <message>
        <source>MTP speculative decoding</source>
        <translation>Spekulatives Decoding mit MTP</translation>
    </message>
    <message>
        <source>KV cache types: {types}</source>
        <translation>KV-Cache-Typen: {types}</translation>
    </message>
    <message>
        <source>Unavailable: {detail}</source>
        <translation>Nicht verfügbar: {detail}</translation>
    </message>
</context>
<context>
    <name>ServerStatusLabel</name>
    <message>
        <source>Model and engine state</source>
        <translation>Zustand von Modell und Engine</translation>
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
        <translation>Engine</translation>
    </message>
    <message>
        <source>Bundled llama-server</source>
        <translation>Mitgelieferter llama-server</translation>
    </message>
    <message>
        <source>llama-server binary</source>
        <translation>llama-server-Programmdatei</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Durchsuchen…</translation>
    </message>
    <message>
        <source>Choose the llama-server binary</source>
        <translation>Die llama-server-Programmdatei auswählen</translation>
    </message>
    <message>
        <source>Use bundled</source>
        <translation>Mitgelieferten verwenden</translation>
    </message>
    <message>
        <source>Use the bundled llama-server</source>
        <translation>Den mitgelieferten llama-server verwenden</translation>
    </message>
    <message>
        <source>Binary</source>
        <translation>Programmdatei</translation>
    </message>
    <message>
        <source>Not probed yet</source>
        <translation>Noch nicht geprüft</translation>
    </message>
    <message>
        <source>Engine status</source>
        <translation>Engine-Status</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Engines found on this computer</source>
        <translation>Auf diesem Computer gefundene Engines</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>CPU variant</source>
        <translation>CPU-Variante</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Ergebnis</translation>
    </message>
    <message>
        <source>Engine columns</source>
        <translation>Engine-Spalten</translation>
    </message>
    <message>
        <source>Found</source>
        <translation>Gefunden</translation>
    </message>
    <message>
        <source>Use selected engine</source>
        <translation>Ausgewählte Engine verwenden</translation>
    </message>
    <message>
        <source>Build engine for this computer…</source>
        <translation>Engine für diesen Computer erstellen…</translation>
    </message>
    <message>
        <source>A different engine is used from the next start.</source>
        <translation>Eine andere Engine wird ab dem nächsten Start verwendet.</translation>
    </message>
    <message>
        <source>Model folders</source>
        <translation>Modellordner</translation>
    </message>
    <message>
        <source>Folders searched for GGUF models</source>
        <translation>Ordner, in denen nach GGUF-Modellen gesucht wird</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>Ordner hinzufügen…</translation>
    </message>
    <message>
        <source>Add a model folder</source>
        <translation>Einen Modellordner hinzufügen</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove the selected model folder</source>
        <translation>Den ausgewählten Modellordner entfernen</translation>
    </message>
    <message>
        <source>Remote devices (llama.cpp RPC)</source>
        <translation>Entfernte Geräte (llama.cpp RPC)</translation>
    </message>
    <message>
        <source>Machines running ggml-rpc-server, as host:port. Their memory appears in the load dialog beside your GPUs.</source>
        <translation>Rechner, auf denen ggml-rpc-server läuft, als host:port. Ihr Speicher erscheint im Ladedialog neben Ihren GPUs.</translation>
    </message>
    <message>
        <source>Remote RPC devices</source>
        <translation>Entfernte RPC-Geräte</translation>
    </message>
    <message>
        <source>New remote device as host:port</source>
        <translation>Neues entferntes Gerät als host:port</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Add the remote device</source>
        <translation>Das entfernte Gerät hinzufügen</translation>
    </message>
    <message>
        <source>Remove the selected remote device</source>
        <translation>Das ausgewählte entfernte Gerät entfernen</translation>
    </message>
    <message>
        <source>Hugging Face</source>
        <translation>Hugging Face</translation>
    </message>
    <message>
        <source>Hugging Face endpoint</source>
        <translation>Hugging-Face-Endpunkt</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>Endpunkt</translation>
    </message>
    <message>
        <source>System proxy settings</source>
        <translation>Proxy-Einstellungen des Systems</translation>
    </message>
    <message>
        <source>Proxy for downloads</source>
        <translation>Proxy für Downloads</translation>
    </message>
    <message>
        <source>Proxy</source>
        <translation>Proxy</translation>
    </message>
    <message>
        <source>Hugging Face access token</source>
        <translation>Hugging-Face-Zugriffstoken</translation>
    </message>
    <message>
        <source>Save token</source>
        <translation>Token speichern</translation>
    </message>
    <message>
        <source>Check and save the access token</source>
        <translation>Zugriffstoken prüfen und speichern</translation>
    </message>
    <message>
        <source>Remove token</source>
        <translation>Token entfernen</translation>
    </message>
    <message>
        <source>Remove the stored access token</source>
        <translation>Das gespeicherte Zugriffstoken entfernen</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>Darstellung</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Sprache</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Systemstandard</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Design</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Dem System folgen</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Hell</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Dunkel</translation>
    </message>
    <message numerus="yes">
        <source>llama-server {version} ({source}) at {path}; %n device(s)</source>
        <translation>
            <numerusform>llama-server {version} ({source}) unter {path}; %n Gerät</numerusform>
            <numerusform>llama-server {version} ({source}) unter {path}; %n Geräte</numerusform>
        </translation>
    </message>
    <message>
        <source>The engine cannot be used: {detail}</source>
        <translation>Die Engine kann nicht verwendet werden: {detail}</translation>
    </message>
    <message>
        <source>Checking the engine…</source>
        <translation>Engine wird geprüft…</translation>
    </message>
    <message>
        <source>Choose llama-server</source>
        <translation>llama-server auswählen</translation>
    </message>
    <message>
        <source>Choose a folder with models</source>
        <translation>Einen Ordner mit Modellen wählen</translation>
    </message>
    <message>
        <source>A token is stored: {masked}</source>
        <translation>Ein Token ist gespeichert: {masked}</translation>
    </message>
    <message>
        <source>No token: gated and private models cannot be downloaded.</source>
        <translation>Kein Token: Zugangsbeschränkte und private Modelle können nicht heruntergeladen werden.</translation>
    </message>
    <message>
        <source>Paste a token first.</source>
        <translation>Fügen Sie zuerst ein Token ein.</translation>
    </message>
    <message>
        <source>Checking the token with Hugging Face…</source>
        <translation>Token wird bei Hugging Face geprüft…</translation>
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
        <translation>Seitenleiste ein- oder ausblenden</translation>
    </message>
    <message>
        <source>Show or hide the sidebar (Ctrl+B)</source>
        <translation>Seitenleiste ein- oder ausblenden (Strg+B)</translation>
    </message>
    <message>
        <source>Areas</source>
        <translation>Bereiche</translation>
    </message>
</context>
<context>
    <name>StudioAreas</name>
    <message>
        <source>&amp;Open GGUF…</source>
        <translation>GGUF &amp;öffnen…</translation>
    </message>
    <message>
        <source>&amp;Unload</source>
        <translation>&amp;Entladen</translation>
    </message>
    <message>
        <source>Unload &amp;All</source>
        <translation>&amp;Alle entladen</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Einstellungen</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
</context>
<context>
    <name>TextFileDrops</name>
    <message>
        <source>**{name}** ({tokens} tokens)</source>
        <translation>**{name}** ({tokens} Tokens)</translation>
    </message>
</context>
<context>
    <name>ThumbnailCache</name>
    <message>
        <source>image</source>
        <translation>Bild</translation>
    </message>
    <message>
        <source>{name} (the image file is missing)</source>
        <translation>{name} (die Bilddatei fehlt)</translation>
    </message>
</context>
<context>
    <name>ToolApprovalPrompt</name>
    <message>
        <source>Tool call waiting for your approval</source>
        <translation>Tool-Aufruf wartet auf Ihre Zustimmung</translation>
    </message>
    <message>
        <source>Arguments of the call</source>
        <translation>Argumente des Aufrufs</translation>
    </message>
    <message>
        <source>&amp;Allow once</source>
        <translation>&amp;Einmal erlauben</translation>
    </message>
    <message>
        <source>A&amp;lways allow this tool</source>
        <translation>Dieses Tool &amp;immer erlauben</translation>
    </message>
    <message>
        <source>Runs this tool without asking for the rest of this conversation.</source>
        <translation>Führt dieses Tool für den Rest dieser Unterhaltung ohne Nachfrage aus.</translation>
    </message>
    <message>
        <source>&amp;Deny</source>
        <translation>&amp;Ablehnen</translation>
    </message>
    <message>
        <source>“Always” lasts for this conversation until Studio quits. Enter allows once, Esc denies; a denied call is not run and the model is told.</source>
        <translation>„Immer“ gilt für diese Unterhaltung, bis Studio beendet wird. Eingabe erlaubt einmal, Esc lehnt ab; ein abgelehnter Aufruf wird nicht ausgeführt und das Modell erfährt davon.</translation>
    </message>
    <message>
        <source>Run the tool {tool} of the MCP server {server}?</source>
        <translation>Das Tool {tool} des MCP-Servers {server} ausführen?</translation>
    </message>
    <message>
        <source>Run the tool {tool}?</source>
        <translation>Das Tool {tool} ausführen?</translation>
    </message>
</context>
<context>
    <name>ToolBlocks</name>
    <message>
        <source>(name not written yet)</source>
        <translation>(Name noch nicht geschrieben)</translation>
    </message>
    <message>
        <source>result typed by you</source>
        <translation>von Ihnen eingegebenes Ergebnis</translation>
    </message>
    <message>
        <source>ran on {server}</source>
        <translation>auf {server} ausgeführt</translation>
    </message>
    <message>
        <source>not run on {server}</source>
        <translation>nicht auf {server} ausgeführt</translation>
    </message>
    <message>
        <source>waiting for your approval</source>
        <translation>wartet auf Ihre Zustimmung</translation>
    </message>
    <message>
        <source>running on {server}…</source>
        <translation>wird auf {server} ausgeführt…</translation>
    </message>
    <message>
        <source>being written…</source>
        <translation>wird geschrieben…</translation>
    </message>
    <message>
        <source>waiting for a result</source>
        <translation>wartet auf ein Ergebnis</translation>
    </message>
</context>
<context>
    <name>ToolResultDialog</name>
    <message>
        <source>Result of {name}</source>
        <translation>Ergebnis von {name}</translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation>Tool-Ergebnis</translation>
    </message>
    <message>
        <source>What the tool returned, e.g. {&quot;temp_c&quot;: 21}</source>
        <translation>Was das Tool zurückgegeben hat, z. B. {&quot;temp_c&quot;: 21}</translation>
    </message>
    <message>
        <source>{name} was called with:</source>
        <translation>{name} wurde aufgerufen mit:</translation>
    </message>
    <message>
        <source>Send result</source>
        <translation>Ergebnis senden</translation>
    </message>
</context>
<context>
    <name>ToolsPanel</name>
    <message>
        <source>Tool definitions (JSON)</source>
        <translation>Tool-Definitionen (JSON)</translation>
    </message>
    <message>
        <source>Tool choice</source>
        <translation>Tool-Auswahl</translation>
    </message>
    <message>
        <source>Model decides</source>
        <translation>Modell entscheidet</translation>
    </message>
    <message>
        <source>Must call a tool</source>
        <translation>Muss ein Tool aufrufen</translation>
    </message>
    <message>
        <source>No calls</source>
        <translation>Keine Aufrufe</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Aufrufe</translation>
    </message>
    <message>
        <source>Tools from MCP servers</source>
        <translation>Tools von MCP-Servern</translation>
    </message>
    <message>
        <source>Offers the tools of the MCP servers set up in Settings; each call runs once you allow it.</source>
        <translation>Bietet die Tools der in den Einstellungen eingerichteten MCP-Server an; jeder Aufruf wird erst ausgeführt, wenn Sie ihn erlauben.</translation>
    </message>
    <message>
        <source>Rounds of tool calls per question</source>
        <translation>Runden von Tool-Aufrufen pro Frage</translation>
    </message>
    <message>
        <source>How many answers in a row may call tools before the chat stops them.</source>
        <translation>Wie viele Antworten nacheinander Tools aufrufen dürfen, bevor der Chat sie anhält.</translation>
    </message>
    <message>
        <source>Rounds at most</source>
        <translation>Maximale Runden</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Tools</translation>
    </message>
    <message>
        <source>Show token probabilities</source>
        <translation>Token-Wahrscheinlichkeiten anzeigen</translation>
    </message>
    <message>
        <source>Token probabilities</source>
        <translation>Token-Wahrscheinlichkeiten</translation>
    </message>
    <message>
        <source>This model&apos;s chat template does not describe tools: it cannot call them.</source>
        <translation>Die Chatvorlage dieses Modells beschreibt keine Tools: Es kann sie nicht aufrufen.</translation>
    </message>
    <message>
        <source>The chat asks before each call: allow it once, always for that tool, or deny it.</source>
        <translation>Der Chat fragt vor jedem Aufruf: einmal erlauben, für dieses Tool immer erlauben oder ablehnen.</translation>
    </message>
    <message>
        <source>MCP servers are not available in this window.</source>
        <translation>MCP-Server sind in diesem Fenster nicht verfügbar.</translation>
    </message>
    <message>
        <source>Not while tools are set: the engine sends no probabilities with tools.</source>
        <translation>Nicht, solange Tools festgelegt sind: Mit Tools sendet die Engine keine Wahrscheinlichkeiten.</translation>
    </message>
    <message>
        <source>Tints each token of an answer by how likely it was; hover a token to see the alternatives.</source>
        <translation>Färbt jedes Token einer Antwort nach seiner Wahrscheinlichkeit ein; zeigen Sie auf ein Token, um die Alternativen zu sehen.</translation>
    </message>
</context>
<context>
    <name>VariantGrid</name>
    <message>
        <source>Base (this plan)</source>
        <translation>Basis (dieser Plan)</translation>
    </message>
    <message>
        <source>Add a variant</source>
        <translation>Variante hinzufügen</translation>
    </message>
    <message>
        <source>Add a variant to compare with the base</source>
        <translation>Eine Variante zum Vergleich mit der Basis hinzufügen</translation>
    </message>
    <message>
        <source>on</source>
        <translation>an</translation>
    </message>
    <message>
        <source>off</source>
        <translation>aus</translation>
    </message>
    <message>
        <source>{n} layers on {device}</source>
        <translation>{n} Schichten auf {device}</translation>
    </message>
    <message>
        <source>Layers on {device}</source>
        <translation>Schichten auf {device}</translation>
    </message>
    <message>
        <source>Layers with experts on the CPU</source>
        <translation>Schichten mit Experten auf der CPU</translation>
    </message>
    <message>
        <source>experts of {n} layers on the CPU</source>
        <translation>Experten von {n} Schichten auf der CPU</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>Tensor-parallel</translation>
    </message>
    <message>
        <source>tensor parallel</source>
        <translation>Tensor-parallel</translation>
    </message>
    <message>
        <source>split by layer</source>
        <translation>nach Schichten aufgeteilt</translation>
    </message>
    <message>
        <source>KV cache type</source>
        <translation>KV-Cache-Typ</translation>
    </message>
    <message>
        <source>KV {type}</source>
        <translation>KV {type}</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Flash Attention</translation>
    </message>
    <message>
        <source>flash attention on</source>
        <translation>Flash Attention an</translation>
    </message>
    <message>
        <source>flash attention off</source>
        <translation>Flash Attention aus</translation>
    </message>
    <message>
        <source>Micro-batch (tokens)</source>
        <translation>Mikro-Batch (Token)</translation>
    </message>
    <message>
        <source>micro-batch {n}</source>
        <translation>Mikro-Batch {n}</translation>
    </message>
    <message>
        <source>CPU threads</source>
        <translation>CPU-Threads</translation>
    </message>
    <message>
        <source>threads {n}</source>
        <translation>Threads {n}</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>automatisch</translation>
    </message>
</context>
<context>
    <name>WaysIn</name>
    <message>
        <source>No models yet. Start from a GGUF file you have, a folder of them, or find one on Hugging Face.</source>
        <translation>Noch keine Modelle. Beginnen Sie mit einer vorhandenen GGUF-Datei, einem Ordner davon, oder finden Sie eines auf Hugging Face.</translation>
    </message>
    <message>
        <source>Open GGUF file…</source>
        <translation>GGUF-Datei öffnen…</translation>
    </message>
    <message>
        <source>Add a folder…</source>
        <translation>Ordner hinzufügen…</translation>
    </message>
    <message>
        <source>Discover</source>
        <translation>Entdecken</translation>
    </message>
    <message>
        <source>Search Hugging Face for GGUF models</source>
        <translation>Hugging Face nach GGUF-Modellen durchsuchen</translation>
    </message>
</context>
<context>
    <name>_Column</name>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>{knob} of variant {n}</source>
        <translation>{knob} von Variante {n}</translation>
    </message>
    <message>
        <source>Remove variant {n}</source>
        <translation>Variante {n} entfernen</translation>
    </message>
    <message>
        <source>same as the base</source>
        <translation>wie die Basis</translation>
    </message>
</context>
<context>
    <name>context</name>
    <message>
        <source>{document}, page {page}</source>
        <translation>{document}, Seite {page}</translation>
    </message>
</context>
<context>
    <name>parent</name>
    <message>
        <source>Use {device}</source>
        <translation>{device} verwenden</translation>
    </message>
    <message>
        <source>Layers on {device}</source>
        <translation>Schichten auf {device}</translation>
    </message>
    <message>
        <source>Choose a draft model</source>
        <translation>Ein Entwurfsmodell wählen</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>GGUF-Modelle (*.gguf)</translation>
    </message>
    <message>
        <source>The plan does not fit</source>
        <translation>Der Plan passt nicht</translation>
    </message>
    <message>
        <source>This plan needs more memory than is free. Loading it may fail with an out-of-memory error, or slow the whole computer down.</source>
        <translation>Dieser Plan braucht mehr Speicher als frei ist. Das Laden kann mit einem Speicherfehler scheitern oder den ganzen Computer verlangsamen.</translation>
    </message>
    <message>
        <source>Load anyway</source>
        <translation>Trotzdem laden</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG-Bild (*.png)</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>CSV-Tabelle (*.csv)</translation>
    </message>
    <message>
        <source>JSON document (*.json)</source>
        <translation>JSON-Dokument (*.json)</translation>
    </message>
    <message>
        <source>Export the benchmark</source>
        <translation>Benchmark exportieren</translation>
    </message>
</context>
<context>
    <name>text</name>
    <message>
        <source>Reconnecting in {delay:.0f} s ({reason})</source>
        <translation>Neuer Verbindungsversuch in {delay:.0f} s ({reason})</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>In der Warteschlange</translation>
    </message>
    <message>
        <source>Checking disk space</source>
        <translation>Speicherplatz wird geprüft</translation>
    </message>
    <message>
        <source>Downloading</source>
        <translation>Wird heruntergeladen</translation>
    </message>
    <message>
        <source>Reconnecting</source>
        <translation>Verbindung wird wiederhergestellt</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Pausiert</translation>
    </message>
    <message>
        <source>Done, verified</source>
        <translation>Fertig, geprüft</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
</context>
</TS>
