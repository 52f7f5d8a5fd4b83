<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es">
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
        <translation>Cabe en la GPU · contexto de {context}</translation>
    </message>
    <message>
        <source>Partly on CPU ({gpu}/{total} layers on GPU) · {context} context</source>
        <translation>Parcialmente en la CPU ({gpu}/{total} capas en la GPU) · contexto de {context}</translation>
    </message>
    <message>
        <source>CPU only · {context} context</source>
        <translation>Solo CPU · contexto de {context}</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>No cabe</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Desconocido</translation>
    </message>
    <message>
        <source>{arch}, {params} parameters. Needs {gpu} on GPUs and {host} in RAM at {context} context (trained: {trained}).</source>
        <translation>{arch}, {params} parámetros. Necesita {gpu} en las GPU y {host} en la RAM con un contexto de {context} (entrenado: {trained}).</translation>
    </message>
    <message>
        <source>Older version</source>
        <translation>Versión anterior</translation>
    </message>
    <message>
        <source>Newer version</source>
        <translation>Versión más reciente</translation>
    </message>
    <message>
        <source>{position}/{count}</source>
        <translation>{position}/{count}</translation>
    </message>
    <message>
        <source>chosen in Settings</source>
        <translation>elegido en Ajustes</translation>
    </message>
    <message>
        <source>from STUDIO_LLAMA_SERVER</source>
        <translation>de STUDIO_LLAMA_SERVER</translation>
    </message>
    <message>
        <source>built here</source>
        <translation>compilado aquí</translation>
    </message>
    <message>
        <source>bundled</source>
        <translation>incluido</translation>
    </message>
    <message>
        <source>on the PATH</source>
        <translation>en el PATH</translation>
    </message>
    <message>
        <source>System RAM</source>
        <translation>Memoria RAM del sistema</translation>
    </message>
</context>
<context>
    <name>AlertBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>Descartar</translation>
    </message>
</context>
<context>
    <name>ApiPanel</name>
    <message>
        <source>Local API (OpenAI-compatible)</source>
        <translation>API local (compatible con OpenAI)</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Puerto</translation>
    </message>
    <message>
        <source>Port of the local API</source>
        <translation>Puerto de la API local</translation>
    </message>
    <message>
        <source>Reachable from other computers on the network</source>
        <translation>Accesible desde otros equipos de la red</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Dirección</translation>
    </message>
    <message>
        <source>Base URL of the local API</source>
        <translation>URL base de la API local</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Copy the API address</source>
        <translation>Copiar la dirección de la API</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Clave de API</translation>
    </message>
    <message>
        <source>Made when the API first starts</source>
        <translation>Se crea la primera vez que se inicia la API</translation>
    </message>
    <message>
        <source>API key clients must send</source>
        <translation>Clave de API que deben enviar los clientes</translation>
    </message>
    <message>
        <source>Copy the API key</source>
        <translation>Copiar la clave de API</translation>
    </message>
    <message>
        <source>New key</source>
        <translation>Clave nueva</translation>
    </message>
    <message>
        <source>Make a new API key; the old one stops working</source>
        <translation>Crear una clave de API nueva; la anterior deja de funcionar</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Requests the local API answered</source>
        <translation>Solicitudes que respondió la API local</translation>
    </message>
    <message>
        <source>Request columns</source>
        <translation>Columnas de las solicitudes</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Hora</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>Cliente</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Solicitud</translation>
    </message>
    <message>
        <source>Took</source>
        <translation>Duración</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Error</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Detener</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Iniciar</translation>
    </message>
    <message>
        <source>Stop the local API</source>
        <translation>Detener la API local</translation>
    </message>
    <message>
        <source>Start the local API</source>
        <translation>Iniciar la API local</translation>
    </message>
    <message>
        <source>The local API needs an engine; choose one in Settings &gt; Engine.</source>
        <translation>La API local necesita un motor; elija uno en Ajustes &gt; Motor.</translation>
    </message>
    <message>
        <source>Running. Programs use the address as their OpenAI base URL and the key as their API key; they get the model loaded here, or name another from the Library to load it.</source>
        <translation>En marcha. Los programas usan la dirección como URL base de OpenAI y la clave como clave de API; obtienen el modelo cargado aquí, o nombran otro de la Biblioteca para cargarlo.</translation>
    </message>
    <message>
        <source>Other computers on your network can reach it.</source>
        <translation>Otros equipos de su red pueden acceder a ella.</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Iniciando…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Deteniendo…</translation>
    </message>
    <message>
        <source>Stopped. Start it to let other programs chat with the model loaded here.</source>
        <translation>Detenida. Iníciela para que otros programas conversen con el modelo cargado aquí.</translation>
    </message>
    <message>
        <source>client left</source>
        <translation>el cliente se fue</translation>
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
            <numerusform>%n solicitud</numerusform>
            <numerusform>%n solicitudes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with an error</source>
        <translation>
            <numerusform>%n con error</numerusform>
            <numerusform>%n con error</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BenchDialog</name>
    <message>
        <source>Benchmark {model}</source>
        <translation>Prueba de rendimiento de {model}</translation>
    </message>
    <message>
        <source>Variants of the plan</source>
        <translation>Variantes del plan</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Resultados</translation>
    </message>
    <message>
        <source>How to measure</source>
        <translation>Cómo medir</translation>
    </message>
    <message>
        <source>Runs per variant</source>
        <translation>Rondas por variante</translation>
    </message>
    <message>
        <source>Prompt lengths in tokens</source>
        <translation>Longitudes de prompt en tokens</translation>
    </message>
    <message>
        <source>Those longer than the context are left out.</source>
        <translation>Las que superan el contexto se dejan fuera.</translation>
    </message>
    <message>
        <source>Prompt lengths (tokens)</source>
        <translation>Longitudes de prompt (tokens)</translation>
    </message>
    <message>
        <source>Tokens written per request</source>
        <translation>Tokens escritos por solicitud</translation>
    </message>
    <message>
        <source>Tokens written</source>
        <translation>Tokens escritos</translation>
    </message>
    <message>
        <source>Find the fastest…</source>
        <translation>Encontrar el más rápido…</translation>
    </message>
    <message>
        <source>Search around this plan for the fastest plan that fits</source>
        <translation>Buscar alrededor de este plan el plan más rápido que cabe</translation>
    </message>
    <message>
        <source>Start the search</source>
        <translation>Iniciar la búsqueda</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Ahora no</translation>
    </message>
    <message>
        <source>Do not start the search</source>
        <translation>No iniciar la búsqueda</translation>
    </message>
    <message>
        <source>Benchmark progress</source>
        <translation>Progreso de la prueba de rendimiento</translation>
    </message>
    <message>
        <source>Cancel the benchmark</source>
        <translation>Cancelar la prueba de rendimiento</translation>
    </message>
    <message>
        <source>Benchmark this plan</source>
        <translation>Medir este plan</translation>
    </message>
    <message>
        <source>Run the A/B</source>
        <translation>Ejecutar el A/B</translation>
    </message>
    <message>
        <source>Measure this plan</source>
        <translation>Medir este plan</translation>
    </message>
    <message numerus="yes">
        <source>Measure the base and %n variant(s) in turn</source>
        <translation>
            <numerusform>Medir por turnos la base y %n variante</numerusform>
            <numerusform>Medir por turnos la base y %n variantes</numerusform>
        </translation>
    </message>
    <message>
        <source>Planning the variants…</source>
        <translation>Planificando las variantes…</translation>
    </message>
    <message>
        <source>Planning the variants to try…</source>
        <translation>Planificando las variantes que probar…</translation>
    </message>
    <message>
        <source>{variants} variants to try, {runs} runs at most: about {time}.</source>
        <translation>{variants} variantes que probar, {runs} rondas como máximo: unos {time}.</translation>
    </message>
    <message>
        <source>Estimated from the last benchmark of this plan.</source>
        <translation>Estimado a partir de la última prueba de este plan.</translation>
    </message>
    <message>
        <source>A rough guess: nothing was measured yet.</source>
        <translation>Una estimación aproximada: todavía no se ha medido nada.</translation>
    </message>
    <message numerus="yes">
        <source>%n more do not fit and are left out.</source>
        <translation>
            <numerusform>%n más no cabe y se deja fuera.</numerusform>
            <numerusform>%n más no caben y se dejan fuera.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n second(s)</source>
        <translation>
            <numerusform>%n segundo</numerusform>
            <numerusform>%n segundos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation>
            <numerusform>%n minuto</numerusform>
            <numerusform>%n minutos</numerusform>
        </translation>
    </message>
    <message>
        <source>Starting the search…</source>
        <translation>Iniciando la búsqueda…</translation>
    </message>
    <message>
        <source>Loading {variant}…</source>
        <translation>Cargando {variant}…</translation>
    </message>
    <message>
        <source>Warming up {variant}…</source>
        <translation>Calentando {variant}…</translation>
    </message>
    <message>
        <source>Measuring {variant}: run {run} of {runs}…</source>
        <translation>Midiendo {variant}: ronda {run} de {runs}…</translation>
    </message>
    <message>
        <source>Loading again what was loaded before…</source>
        <translation>Volviendo a cargar lo que estaba cargado antes…</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>Hecho.</translation>
    </message>
    <message>
        <source>Cancelled; what was loaded before is loaded again.</source>
        <translation>Cancelado; lo que estaba cargado antes vuelve a estar cargado.</translation>
    </message>
    <message>
        <source>Stopping, then loading again what was loaded before…</source>
        <translation>Deteniendo; después se vuelve a cargar lo que estaba cargado antes…</translation>
    </message>
</context>
<context>
    <name>BenchPlots</name>
    <message>
        <source>Benchmark plots</source>
        <translation>Gráficos de la prueba de rendimiento</translation>
    </message>
    <message>
        <source>The figures are plotted here once a benchmark has run.</source>
        <translation>Las cifras se representan aquí en cuanto se haya ejecutado una prueba de rendimiento.</translation>
    </message>
    <message>
        <source>Generation (tokens/s)</source>
        <translation>Generación (tokens/s)</translation>
    </message>
    <message>
        <source>Prompt processing (tokens/s)</source>
        <translation>Procesamiento del prompt (tokens/s)</translation>
    </message>
    <message>
        <source>Memory per device</source>
        <translation>Memoria por dispositivo</translation>
    </message>
    <message>
        <source>Memory per device ({unit})</source>
        <translation>Memoria por dispositivo ({unit})</translation>
    </message>
    <message>
        <source>{device}: {size}</source>
        <translation>{device}: {size}</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Pesos</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>Caché KV</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Cálculo</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>Sobrecarga</translation>
    </message>
    <message>
        <source>Prompt cache</source>
        <translation>Caché de prompts</translation>
    </message>
</context>
<context>
    <name>BenchResults</name>
    <message>
        <source>The measured plan to use</source>
        <translation>El plan medido que se usará</translation>
    </message>
    <message>
        <source>Use this plan</source>
        <translation>Usar este plan</translation>
    </message>
    <message>
        <source>Put this plan into the load dialog</source>
        <translation>Llevar este plan al diálogo de carga</translation>
    </message>
    <message>
        <source>Earlier results for this model and devices</source>
        <translation>Resultados anteriores para este modelo y estos dispositivos</translation>
    </message>
    <message>
        <source>Earlier results</source>
        <translation>Resultados anteriores</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportar…</translation>
    </message>
    <message>
        <source>Save the result as PNG, CSV or JSON</source>
        <translation>Guardar el resultado como PNG, CSV o JSON</translation>
    </message>
    <message>
        <source>Fastest: {variant}.</source>
        <translation>El más rápido: {variant}.</translation>
    </message>
    <message>
        <source>{variant}: {generation} tokens/s generating, {prompt} tokens/s reading the prompt, the first token after {first} s.</source>
        <translation>{variant}: {generation} tokens/s al generar, {prompt} tokens/s al leer el prompt, el primer token tras {first} s.</translation>
    </message>
    <message>
        <source>{variant}: {problem}</source>
        <translation>{variant}: {problem}</translation>
    </message>
    <message>
        <source>{variant}: stopped after one run, clearly slower.</source>
        <translation>{variant}: detenida tras una ronda, claramente más lenta.</translation>
    </message>
    <message>
        <source>benchmark</source>
        <translation>prueba de rendimiento</translation>
    </message>
    <message>
        <source>A/B</source>
        <translation>A/B</translation>
    </message>
    <message>
        <source>search for the fastest</source>
        <translation>búsqueda del más rápido</translation>
    </message>
    <message>
        <source>{when}, {kind}: {variants}</source>
        <translation>{when}, {kind}: {variants}</translation>
    </message>
    <message>
        <source>{changes}: used for this load, not remembered for the next.</source>
        <translation>{changes}: se usa en esta carga, no se recuerda para la siguiente.</translation>
    </message>
    <message>
        <source>{changes}: not part of a plan, so a load from the dialog leaves it to the engine.</source>
        <translation>{changes}: no forma parte de un plan, así que una carga desde el diálogo lo deja en manos del motor.</translation>
    </message>
    <message>
        <source>Saved to {path}.</source>
        <translation>Guardado en {path}.</translation>
    </message>
</context>
<context>
    <name>ChatFirst</name>
    <message>
        <source>Open a GGUF model</source>
        <translation>Abrir un modelo GGUF</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>Modelos GGUF (*.gguf)</translation>
    </message>
    <message>
        <source>Add a folder of GGUF models</source>
        <translation>Añadir una carpeta de modelos GGUF</translation>
    </message>
    <message>
        <source>{model} could not be loaded: {reason}</source>
        <translation>No se pudo cargar {model}: {reason}</translation>
    </message>
    <message>
        <source>The model</source>
        <translation>El modelo</translation>
    </message>
    <message>
        <source>Change load settings…</source>
        <translation>Cambiar ajustes de carga…</translation>
    </message>
</context>
<context>
    <name>ChatPane</name>
    <message>
        <source>No model loaded.</source>
        <translation>No hay ningún modelo cargado.</translation>
    </message>
    <message>
        <source>Cancel edit</source>
        <translation>Cancelar la edición</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Mensaje</translation>
    </message>
    <message>
        <source>Message (Enter sends, Shift+Enter starts a new line)</source>
        <translation>Mensaje (Intro envía, Mayús+Intro inicia una línea nueva)</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Enviar</translation>
    </message>
    <message>
        <source>Send the message</source>
        <translation>Enviar el mensaje</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Detener</translation>
    </message>
    <message>
        <source>Stop the answer</source>
        <translation>Detener la respuesta</translation>
    </message>
    <message>
        <source>Show or hide the inspector</source>
        <translation>Mostrar u ocultar el inspector</translation>
    </message>
    <message>
        <source>System prompt, sampling and memory</source>
        <translation>Prompt del sistema, muestreo y memoria</translation>
    </message>
    <message>
        <source>{problem}
Your saved conversations are left as they are; conversations in this session will not be kept.</source>
        <translation>{problem}
Sus conversaciones guardadas se dejan como están; las conversaciones de esta sesión no se conservarán.</translation>
    </message>
    <message>
        <source>Editing an earlier message: sending makes a new version of it and answers anew; the conversation that followed the old one stays, a page away.</source>
        <translation>Está editando un mensaje anterior: al enviarlo se crea una nueva versión y se responde de nuevo; la conversación que siguió a la versión anterior se conserva, a una página de distancia.</translation>
    </message>
    <message>
        <source>Resend</source>
        <translation>Reenviar</translation>
    </message>
    <message>
        <source>&lt;b&gt;New conversation&lt;/b&gt;</source>
        <translation>&lt;b&gt;Nueva conversación&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Load a model to chat.</source>
        <translation>Cargue un modelo para chatear.</translation>
    </message>
</context>
<context>
    <name>CitationLinks</name>
    <message>
        <source>Sources: {links}</source>
        <translation>Fuentes: {links}</translation>
    </message>
</context>
<context>
    <name>ContextMeter</name>
    <message>
        <source>{used} / {size} tokens</source>
        <translation>{used} / {size} tokens</translation>
    </message>
    <message>
        <source>The system prompt, the conversation and your message, in the model&apos;s tokens</source>
        <translation>La indicación del sistema, la conversación y su mensaje, en tokens del modelo</translation>
    </message>
    <message>
        <source>This does not fit whole: it needs {used} tokens and the context holds {size}, so the oldest messages will be left out of the request.</source>
        <translation>No cabe entero: requiere {used} tokens y el contexto admite {size}, así que los mensajes más antiguos quedarán fuera de la solicitud.</translation>
    </message>
    <message>
        <source>This message does not fit even without the earlier messages: with the system prompt it needs {floor} tokens and the context holds {size}. Shorten it or load the model with a larger context.</source>
        <translation>Este mensaje no cabe ni siquiera sin los mensajes anteriores: con la indicación del sistema requiere {floor} tokens y el contexto admite {size}. Acórtelo o cargue el modelo con un contexto mayor.</translation>
    </message>
    <message>
        <source>Sending now needs {used} tokens, but the context holds {size}. Shorten the message, start a new conversation, or let the chat drop the oldest messages (Inspector &gt; Context).</source>
        <translation>Enviar ahora requiere {used} tokens, pero el contexto admite {size}. Acorte el mensaje, empiece una conversación nueva o deje que el chat omita los mensajes más antiguos (Inspector &gt; Contexto).</translation>
    </message>
    <message>
        <source>The context is nearly full: {left} tokens are left for this answer and what follows.</source>
        <translation>El contexto está casi lleno: quedan {left} tokens para esta respuesta y lo que siga.</translation>
    </message>
</context>
<context>
    <name>ContextSettings</name>
    <message>
        <source>Thinking budget</source>
        <translation>Presupuesto de razonamiento</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>Sin límite</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> tokens</translation>
    </message>
    <message>
        <source>How many tokens the model may think before it must answer.</source>
        <translation>Cuántos tokens puede razonar el modelo antes de tener que responder.</translation>
    </message>
    <message>
        <source>When the context is full</source>
        <translation>Cuando el contexto esté lleno</translation>
    </message>
    <message>
        <source>Stop and say so</source>
        <translation>Detenerse y avisar</translation>
    </message>
    <message>
        <source>Drop the oldest messages</source>
        <translation>Omitir los mensajes más antiguos</translation>
    </message>
    <message>
        <source>Dropping leaves the oldest messages out of the request (never the system prompt) until it fits; the conversation itself keeps them.</source>
        <translation>Al omitir, los mensajes más antiguos quedan fuera de la solicitud (nunca la indicación del sistema) hasta que quepa; la conversación los conserva.</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Contexto</translation>
    </message>
</context>
<context>
    <name>ConversationList</name>
    <message>
        <source>Search conversations</source>
        <translation>Buscar conversaciones</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversaciones</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Nueva conversación</translation>
    </message>
    <message>
        <source>Rename the conversation</source>
        <translation>Renombrar la conversación</translation>
    </message>
    <message>
        <source>Delete the conversation</source>
        <translation>Eliminar la conversación</translation>
    </message>
    <message>
        <source>Export the conversation</source>
        <translation>Exportar la conversación</translation>
    </message>
    <message numerus="yes">
        <source>{when} · %n message(s)</source>
        <translation>
            <numerusform>{when} · %n mensaje</numerusform>
            <numerusform>{when} · %n mensajes</numerusform>
        </translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation>Renombrar conversación</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>Título:</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>Eliminar conversación</translation>
    </message>
    <message>
        <source>Delete “{title}” and all its messages?</source>
        <translation>¿Eliminar «{title}» y todos sus mensajes?</translation>
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
        <translation>Exportar conversación</translation>
    </message>
</context>
<context>
    <name>ConversationView</name>
    <message>
        <source>Conversation</source>
        <translation>Conversación</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Tú</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Sistema</translation>
    </message>
    <message>
        <source>Assistant ({model})</source>
        <translation>Asistente ({model})</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Asistente</translation>
    </message>
    <message>
        <source>Thinking… ({count} characters)</source>
        <translation>Razonando… ({count} caracteres)</translation>
    </message>
    <message>
        <source>Reasoning ({count} characters)</source>
        <translation>Razonamiento ({count} caracteres)</translation>
    </message>
    <message>
        <source>code</source>
        <translation>código</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Editar</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Regenerar</translation>
    </message>
    <message>
        <source>{rate:.1f} tokens/s</source>
        <translation>{rate:.1f} tokens/s</translation>
    </message>
    <message>
        <source>first token {ms:.0f} ms</source>
        <translation>primer token {ms:.0f} ms</translation>
    </message>
    <message>
        <source>{n} tokens</source>
        <translation>{n} tokens</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Escribiendo…</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Detenida.</translation>
    </message>
</context>
<context>
    <name>DeviceMemoryBar</name>
    <message>
        <source>Memory of {device}</source>
        <translation>Memoria de {device}</translation>
    </message>
    <message>
        <source>Plan {plan} of {usable} usable ({free} free of {total})</source>
        <translation>Plan {plan} de {usable} utilizables ({free} libres de {total})</translation>
    </message>
    <message>
        <source>Includes a prompt cache of {cache} that fills with use</source>
        <translation>Incluye una caché de prompts de {cache} que se llena con el uso</translation>
    </message>
    <message>
        <source>{over} over budget</source>
        <translation>{over} por encima del presupuesto</translation>
    </message>
    <message>
        <source>Models staying loaded hold {taken}</source>
        <translation>Los modelos que siguen cargados ocupan {taken}</translation>
    </message>
    <message>
        <source>Engine allocated {actual} (predicted {plan})</source>
        <translation>El motor reservó {actual} (previsto {plan})</translation>
    </message>
    <message>
        <source>In use now: {live}</source>
        <translation>En uso ahora: {live}</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Pesos</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>Caché KV</translation>
    </message>
    <message>
        <source>Compute buffers</source>
        <translation>Búferes de cálculo</translation>
    </message>
    <message>
        <source>Output buffer and overhead</source>
        <translation>Búfer de salida y sobrecarga</translation>
    </message>
    <message>
        <source>Prompt cache (fills with use)</source>
        <translation>Caché de prompts (se llena con el uso)</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>Previsto</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Motor</translation>
    </message>
</context>
<context>
    <name>DeviceMemoryView</name>
    <message>
        <source>Looking for devices…</source>
        <translation>Buscando dispositivos…</translation>
    </message>
    <message>
        <source>Device memory</source>
        <translation>Memoria del dispositivo</translation>
    </message>
    <message>
        <source>The loaded model&apos;s engine holds {size} of RAM.</source>
        <translation>El motor del modelo cargado ocupa {size} de RAM.</translation>
    </message>
    <message>
        <source>The engine could not be started:
{detail}</source>
        <translation>No se pudo iniciar el motor:
{detail}</translation>
    </message>
    <message>
        <source>{name}: {free} of {total} MiB free</source>
        <translation>{name}: {free} de {total} MiB libres</translation>
    </message>
    <message>
        <source>No GPU found: models run on the CPU.</source>
        <translation>No se encontró ninguna GPU: los modelos se ejecutan en la CPU.</translation>
    </message>
    <message>
        <source>{name}: {free} of {total} free</source>
        <translation>{name}: {free} libres de {total}</translation>
    </message>
</context>
<context>
    <name>DeviceSharesBar</name>
    <message>
        <source>Loaded models on {device}</source>
        <translation>Modelos cargados en {device}</translation>
    </message>
    <message>
        <source>{model}: {predicted} predicted</source>
        <translation>{model}: {predicted} previstos</translation>
    </message>
    <message>
        <source>{model}: {predicted} predicted ({cache} of it a prompt cache that fills with use), {allocated} allocated</source>
        <translation>{model}: {predicted} previstos ({cache} de ellos, una caché de prompts que se llena con el uso), {allocated} reservados</translation>
    </message>
    <message>
        <source>{model}: {predicted} predicted, {allocated} allocated</source>
        <translation>{model}: {predicted} previstos, {allocated} reservados</translation>
    </message>
    <message>
        <source>Together {predicted} of {total}</source>
        <translation>En total {predicted} de {total}</translation>
    </message>
</context>
<context>
    <name>DiscoverPage</name>
    <message>
        <source>Search GGUF models, e.g. qwen3 or llama 8b</source>
        <translation>Buscar modelos GGUF, p. ej. qwen3 o llama 8b</translation>
    </message>
    <message>
        <source>Search text</source>
        <translation>Texto de búsqueda</translation>
    </message>
    <message>
        <source>Sort results by</source>
        <translation>Ordenar los resultados por</translation>
    </message>
    <message>
        <source>Most downloaded</source>
        <translation>Más descargados</translation>
    </message>
    <message>
        <source>Most liked</source>
        <translation>Más gustados</translation>
    </message>
    <message>
        <source>Recently updated</source>
        <translation>Actualizados recientemente</translation>
    </message>
    <message>
        <source>Trending</source>
        <translation>Tendencias</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Buscar</translation>
    </message>
    <message>
        <source>Search results</source>
        <translation>Resultados de la búsqueda</translation>
    </message>
    <message>
        <source>Filter these results</source>
        <translation>Filtrar estos resultados</translation>
    </message>
    <message>
        <source>Filter the search results</source>
        <translation>Filtrar los resultados de la búsqueda</translation>
    </message>
    <message>
        <source>Load more</source>
        <translation>Cargar más</translation>
    </message>
    <message>
        <source>Choose a repository to see its files.</source>
        <translation>Elija un repositorio para ver sus archivos.</translation>
    </message>
    <message>
        <source>Files of the repository</source>
        <translation>Archivos del repositorio</translation>
    </message>
    <message>
        <source>Include the vision projector (mmproj)</source>
        <translation>Incluir el proyector de visión (mmproj)</translation>
    </message>
    <message>
        <source>Download into</source>
        <translation>Descargar en</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>Descargar</translation>
    </message>
    <message>
        <source>Into:</source>
        <translation>En:</translation>
    </message>
    <message>
        <source>Hugging Face cache</source>
        <translation>Caché de Hugging Face</translation>
    </message>
    <message>
        <source>No GGUF repositories match “{query}”.</source>
        <translation>Ningún repositorio GGUF coincide con «{query}».</translation>
    </message>
    <message>
        <source>Loading {repo}…</source>
        <translation>Cargando {repo}…</translation>
    </message>
    <message>
        <source>License: {license}</source>
        <translation>Licencia: {license}</translation>
    </message>
    <message>
        <source>Based on {model}</source>
        <translation>Basado en {model}</translation>
    </message>
    <message>
        <source>Gated: downloading needs a Hugging Face token with access (Settings).</source>
        <translation>Restringido: para descargarlo hace falta un token de Hugging Face con acceso (Configuración).</translation>
    </message>
    <message>
        <source>The model card has no summary.</source>
        <translation>La ficha del modelo no tiene resumen.</translation>
    </message>
    <message>
        <source>This repository has no GGUF model files.</source>
        <translation>Este repositorio no tiene archivos de modelo GGUF.</translation>
    </message>
    <message>
        <source>The repository could not be opened.</source>
        <translation>No se pudo abrir el repositorio.</translation>
    </message>
    <message>
        <source>Nothing to show without the Hugging Face Hub. Search again once you are online; the models already on this computer are in the Library.</source>
        <translation>No hay nada que mostrar sin el Hugging Face Hub. Vuelve a buscar cuando tengas conexión; los modelos que ya están en este equipo están en la Biblioteca.</translation>
    </message>
    <message>
        <source> + vision projector</source>
        <translation> + proyector de visión</translation>
    </message>
</context>
<context>
    <name>DocumentsBar</name>
    <message>
        <source>Document…</source>
        <translation>Documento…</translation>
    </message>
    <message>
        <source>Attach documents</source>
        <translation>Adjuntar documentos</translation>
    </message>
    <message>
        <source>Attach PDF, Markdown, text, HTML or Word (.docx) files to this conversation; answers cite the pages they used. You can also drop them on the message box.</source>
        <translation>Adjuntar archivos PDF, Markdown, de texto, HTML o Word (.docx) a esta conversación; las respuestas citan las páginas que usaron. También puede soltarlos en el cuadro de mensaje.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Stop indexing the documents</source>
        <translation>Dejar de indexar los documentos</translation>
    </message>
    <message>
        <source>Documents ({patterns})</source>
        <translation>Documentos ({patterns})</translation>
    </message>
    <message>
        <source>Reading the documents…</source>
        <translation>Leyendo los documentos…</translation>
    </message>
    <message>
        <source>Reading {name}…</source>
        <translation>Leyendo {name}…</translation>
    </message>
    <message>
        <source>Indexing {name}: {done} of {total} passages</source>
        <translation>Indexando {name}: {done} de {total} fragmentos</translation>
    </message>
    <message numerus="yes">
        <source>%n page(s)</source>
        <translation>
            <numerusform>%n página</numerusform>
            <numerusform>%n páginas</numerusform>
        </translation>
    </message>
    <message>
        <source>{passages} passages indexed</source>
        <translation>{passages} fragmentos indexados</translation>
    </message>
    <message>
        <source>Remove {name}</source>
        <translation>Quitar {name}</translation>
    </message>
</context>
<context>
    <name>DocumentsSection</name>
    <message>
        <source>Documents</source>
        <translation>Documentos</translation>
    </message>
    <message>
        <source>Embedding model</source>
        <translation>Modelo de embeddings</translation>
    </message>
    <message>
        <source>Attached documents are searched with this model. The chat model embeds with its own engine; another model is loaded beside it and shown in the memory panel.</source>
        <translation>Los documentos adjuntos se buscan con este modelo. El modelo del chat genera los embeddings con su propio motor; otro modelo se carga junto a él y aparece en el panel de memoria.</translation>
    </message>
    <message>
        <source>The chat model</source>
        <translation>El modelo del chat</translation>
    </message>
</context>
<context>
    <name>DownloadPanel</name>
    <message>
        <source>Downloads</source>
        <translation>Descargas</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pausar</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Reanudar</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation>Quitar las terminadas</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>Cargar…</translation>
    </message>
</context>
<context>
    <name>DownloadsModel</name>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Progreso</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Velocidad</translation>
    </message>
    <message>
        <source>Time left</source>
        <translation>Tiempo restante</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation>{done} de {total}</translation>
    </message>
</context>
<context>
    <name>EngineBuildDialog</name>
    <message>
        <source>Build an engine for this computer</source>
        <translation>Compilar un motor para este equipo</translation>
    </message>
    <message>
        <source>GGUF Studio compiles llama.cpp&apos;s llama-server from source for this computer. This takes 15 to 40 minutes and needs a C++ compiler; the app stays usable.</source>
        <translation>GGUF Studio compila el llama-server de llama.cpp desde el código fuente para este equipo. Tarda entre 15 y 40 minutos y necesita un compilador de C++; la aplicación se puede seguir usando.</translation>
    </message>
    <message>
        <source>Engine variant</source>
        <translation>Variante del motor</translation>
    </message>
    <message>
        <source>For this CPU (fastest)</source>
        <translation>Para esta CPU (más rápido)</translation>
    </message>
    <message>
        <source>For any x86-64 CPU (portable, slower to build)</source>
        <translation>Para cualquier CPU x86-64 (portátil, tarda más en compilar)</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>Sin iniciar</translation>
    </message>
    <message>
        <source>Build progress</source>
        <translation>Progreso de la compilación</translation>
    </message>
    <message>
        <source>Build log</source>
        <translation>Registro de compilación</translation>
    </message>
    <message>
        <source>Build</source>
        <translation>Compilar</translation>
    </message>
    <message>
        <source>Cancel build</source>
        <translation>Cancelar la compilación</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Cerrar</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Iniciando…</translation>
    </message>
    <message numerus="yes">
        <source>about %n minute(s) left</source>
        <translation>
            <numerusform>queda aproximadamente %n minuto</numerusform>
            <numerusform>quedan aproximadamente %n minutos</numerusform>
        </translation>
    </message>
    <message>
        <source>less than a minute left</source>
        <translation>tiempo restante: menos de un minuto</translation>
    </message>
    <message>
        <source>Getting the llama.cpp source…</source>
        <translation>Obteniendo el código fuente de llama.cpp…</translation>
    </message>
    <message>
        <source>Configuring…</source>
        <translation>Configurando…</translation>
    </message>
    <message>
        <source>Compiling</source>
        <translation>Compilando</translation>
    </message>
    <message>
        <source>Installing…</source>
        <translation>Instalando…</translation>
    </message>
    <message>
        <source>Testing the new engine on this CPU…</source>
        <translation>Probando el motor nuevo en esta CPU…</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Listo</translation>
    </message>
    <message>
        <source>The new engine runs on this CPU and is used from now on: {path}</source>
        <translation>El motor nuevo funciona en esta CPU y se usará a partir de ahora: {path}</translation>
    </message>
</context>
<context>
    <name>EngineBuildOffer</name>
    <message>
        <source>No llama-server was found.</source>
        <translation>No se encontró ningún llama-server.</translation>
    </message>
    <message>
        <source>No engine runs on this computer</source>
        <translation>Ningún motor funciona en este equipo</translation>
    </message>
    <message>
        <source>None of the llama-server engines found can run models on this CPU.</source>
        <translation>Ninguno de los motores llama-server encontrados puede ejecutar modelos en esta CPU.</translation>
    </message>
    <message>
        <source>Build one for this computer now (15 to 40 minutes)?</source>
        <translation>¿Compilar ahora uno para este equipo (de 15 a 40 minutos)?</translation>
    </message>
    <message>
        <source>Build engine</source>
        <translation>Compilar motor</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Ahora no</translation>
    </message>
</context>
<context>
    <name>EngineStatus</name>
    <message>
        <source>Engine: llama-server {version} ({source})</source>
        <translation>Motor: llama-server {version} ({source})</translation>
    </message>
    <message>
        <source>Engine unavailable</source>
        <translation>Motor no disponible</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <source>Online &amp;help</source>
        <translation>A&amp;yuda en línea</translation>
    </message>
    <message>
        <source>&amp;About GGUF Studio</source>
        <translation>&amp;Acerca de GGUF Studio</translation>
    </message>
    <message>
        <source>llama-server {version} ({source})</source>
        <translation>llama-server {version} ({source})</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>no disponible</translation>
    </message>
    <message>
        <source>Engine: {engine}</source>
        <translation>Motor: {engine}</translation>
    </message>
    <message>
        <source>Licence: {licence}</source>
        <translation>Licencia: {licence}</translation>
    </message>
    <message>
        <source>About GGUF Studio</source>
        <translation>Acerca de GGUF Studio</translation>
    </message>
</context>
<context>
    <name>ImageAttachButton</name>
    <message>
        <source>Image…</source>
        <translation>Imagen…</translation>
    </message>
    <message>
        <source>Attach images</source>
        <translation>Adjuntar imágenes</translation>
    </message>
    <message>
        <source>Attach images (PNG, JPEG, WebP); you can also drop or paste them</source>
        <translation>Adjuntar imágenes (PNG, JPEG, WebP); también puede soltarlas o pegarlas</translation>
    </message>
    <message>
        <source>Images (*.png *.jpg *.jpeg *.webp)</source>
        <translation>Imágenes (*.png *.jpg *.jpeg *.webp)</translation>
    </message>
</context>
<context>
    <name>ImageDropFilter</name>
    <message>
        <source>dropped image</source>
        <translation>imagen soltada</translation>
    </message>
    <message>
        <source>pasted image</source>
        <translation>imagen pegada</translation>
    </message>
</context>
<context>
    <name>Inspector</name>
    <message>
        <source>Inspector</source>
        <translation>Inspector</translation>
    </message>
    <message>
        <source>Hide the inspector</source>
        <translation>Ocultar el inspector</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Memoria</translation>
    </message>
</context>
<context>
    <name>LayerSpinBox</name>
    <message>
        <source>{n} layers + output</source>
        <translation>{n} capas + salida</translation>
    </message>
    <message>
        <source>{n} layers</source>
        <translation>{n} capas</translation>
    </message>
</context>
<context>
    <name>LibraryModel</name>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>Arquitectura</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parámetros</translation>
    </message>
    <message>
        <source>Quant</source>
        <translation>Cuantización</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Contexto</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Tamaño</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Ubicación</translation>
    </message>
    <message>
        <source>Name in the file: {name}</source>
        <translation>Nombre en el archivo: {name}</translation>
    </message>
    <message>
        <source>HF cache: {repo}</source>
        <translation>Caché de HF: {repo}</translation>
    </message>
    <message>
        <source>{name} ({count} parts)</source>
        <translation>{name} ({count} partes)</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>ilegible</translation>
    </message>
    <message>
        <source>{arch} (vision projector)</source>
        <translation>{arch} (proyector de visión)</translation>
    </message>
</context>
<context>
    <name>LibraryPage</name>
    <message>
        <source>Filter by name, architecture, quant…</source>
        <translation>Filtrar por nombre, arquitectura, cuantización…</translation>
    </message>
    <message>
        <source>Filter the models</source>
        <translation>Filtrar los modelos</translation>
    </message>
    <message>
        <source>Models on this computer</source>
        <translation>Modelos en este equipo</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>Cargar…</translation>
    </message>
    <message>
        <source>Rescan</source>
        <translation>Volver a buscar</translation>
    </message>
    <message>
        <source>Import a GGUF file…</source>
        <translation>Importar un archivo GGUF…</translation>
    </message>
    <message>
        <source>Show in file manager</source>
        <translation>Mostrar en el gestor de archivos</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Eliminar…</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>Añadir carpeta…</translation>
    </message>
    <message>
        <source>Watch a folder for GGUF models; Settings lists the folders watched.</source>
        <translation>Vigilar una carpeta en busca de modelos GGUF; Ajustes muestra las carpetas vigiladas.</translation>
    </message>
    <message>
        <source>Import a GGUF model</source>
        <translation>Importar un modelo GGUF</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>Modelos GGUF (*.gguf)</translation>
    </message>
    <message>
        <source>Add a folder of GGUF models</source>
        <translation>Añadir una carpeta de modelos GGUF</translation>
    </message>
    <message>
        <source>It is removed from the Hugging Face cache, for every app that uses it.</source>
        <translation>Se quita de la caché de Hugging Face, para todas las aplicaciones que lo usan.</translation>
    </message>
    <message>
        <source>The file is deleted from disk.</source>
        <translation>El archivo se elimina del disco.</translation>
    </message>
    <message>
        <source>Delete model</source>
        <translation>Eliminar modelo</translation>
    </message>
    <message>
        <source>Delete {name} ({size})?
{where}</source>
        <translation>¿Eliminar {name} ({size})?
{where}</translation>
    </message>
    <message>
        <source>No GGUF models yet: download one in Discover, import a file or add a folder.</source>
        <translation>Aún no hay modelos GGUF: descarga uno en Descubrir, importa un archivo o añade una carpeta.</translation>
    </message>
    <message>
        <source>Imported {name}.</source>
        <translation>{name} importado.</translation>
    </message>
    <message>
        <source>Deleted {name}.</source>
        <translation>{name} eliminado.</translation>
    </message>
</context>
<context>
    <name>LiveMemoryLabel</name>
    <message>
        <source>Memory in use</source>
        <translation>Memoria en uso</translation>
    </message>
    <message>
        <source>RAM {used}/{total}</source>
        <translation>RAM {used}/{total}</translation>
    </message>
    <message>
        <source>engine {rss}</source>
        <translation>motor {rss}</translation>
    </message>
</context>
<context>
    <name>LoadDialog</name>
    <message>
        <source>Load {model}</source>
        <translation>Cargar {model}</translation>
    </message>
    <message>
        <source>System RAM</source>
        <translation>Memoria RAM del sistema</translation>
    </message>
    <message>
        <source>Why the plan looks like this</source>
        <translation>Por qué el plan es así</translation>
    </message>
    <message>
        <source>Command that will run:</source>
        <translation>Comando que se ejecutará:</translation>
    </message>
    <message>
        <source>Command that will run, API key redacted</source>
        <translation>Comando que se ejecutará, sin la clave de API</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>Cargar</translation>
    </message>
    <message>
        <source>Close without loading</source>
        <translation>Cerrar sin cargar</translation>
    </message>
    <message>
        <source>Benchmark…</source>
        <translation>Prueba de rendimiento…</translation>
    </message>
    <message>
        <source>Measure this plan and variants of it</source>
        <translation>Medir este plan y variantes de él</translation>
    </message>
    <message>
        <source>{arch}, {params:.1f} B parameters, {layers} layers</source>
        <translation>{arch}, {params:.1f} mil millones de parámetros, {layers} capas</translation>
    </message>
    <message>
        <source>trained context {ctx}</source>
        <translation>contexto de entrenamiento {ctx}</translation>
    </message>
    <message>
        <source>MoE: {used} of {experts} experts</source>
        <translation>MoE: {used} de {experts} expertos</translation>
    </message>
    <message>
        <source>Devices and layers</source>
        <translation>Dispositivos y capas</translation>
    </message>
    <message>
        <source>No GPU: the model runs on the CPU.</source>
        <translation>Sin GPU: el modelo se ejecuta en la CPU.</translation>
    </message>
    <message>
        <source>Layers whose experts stay on the CPU</source>
        <translation>Capas cuyos expertos se quedan en la CPU</translation>
    </message>
    <message>
        <source>MoE experts on CPU</source>
        <translation>Expertos MoE en la CPU</translation>
    </message>
    <message>
        <source>Tensor parallel (split every layer)</source>
        <translation>Paralelismo de tensores (repartir cada capa)</translation>
    </message>
    <message>
        <source>Tensor parallelism</source>
        <translation>Paralelismo de tensores</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Contexto</translation>
    </message>
    <message>
        <source>Context length in tokens</source>
        <translation>Longitud del contexto en tokens</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> tokens</translation>
    </message>
    <message>
        <source>&amp;Auto fit</source>
        <translation>&amp;Ajuste automático</translation>
    </message>
    <message>
        <source>Choose the largest context and placement that fit</source>
        <translation>Elegir el mayor contexto y la distribución que quepan</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Opciones</translation>
    </message>
    <message>
        <source>K cache type</source>
        <translation>Tipo de caché K</translation>
    </message>
    <message>
        <source>V cache type</source>
        <translation>Tipo de caché V</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>Caché KV</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Flash attention</translation>
    </message>
    <message>
        <source>Parallel slots</source>
        <translation>Ranuras paralelas</translation>
    </message>
    <message>
        <source>Vision projector (mmproj)</source>
        <translation>Proyector de visión (mmproj)</translation>
    </message>
    <message>
        <source>Load the vision projector</source>
        <translation>Cargar el proyector de visión</translation>
    </message>
    <message>
        <source>Speculative decoding with the model&apos;s MTP layers</source>
        <translation>Decodificación especulativa con las capas MTP del modelo</translation>
    </message>
    <message>
        <source>MTP speculative decoding</source>
        <translation>Decodificación especulativa MTP</translation>
    </message>
    <message>
        <source>Small model</source>
        <translation>Modelo pequeño</translation>
    </message>
    <message>
        <source>MTP head</source>
        <translation>Cabezal MTP</translation>
    </message>
    <message>
        <source>How the draft file drafts</source>
        <translation>Cómo genera borradores el archivo de borrador</translation>
    </message>
    <message>
        <source>No draft model</source>
        <translation>Sin modelo de borrador</translation>
    </message>
    <message>
        <source>Draft model…</source>
        <translation>Modelo de borrador…</translation>
    </message>
    <message>
        <source>Choose a small model for speculative decoding</source>
        <translation>Elija un modelo pequeño para la decodificación especulativa</translation>
    </message>
    <message>
        <source>No draft</source>
        <translation>Sin borrador</translation>
    </message>
    <message>
        <source>Stop using the draft model</source>
        <translation>Dejar de usar el modelo de borrador</translation>
    </message>
    <message>
        <source>Draft model</source>
        <translation>Modelo de borrador</translation>
    </message>
    <message>
        <source>Safety margins</source>
        <translation>Márgenes de seguridad</translation>
    </message>
    <message>
        <source>Memory each device keeps free for other programs and allocations no estimate sees. The bars&apos; dashed line is free memory less this margin.</source>
        <translation>Memoria que cada dispositivo reserva para otros programas y para asignaciones que ninguna estimación ve. La línea discontinua de las barras es la memoria libre menos este margen.</translation>
    </message>
    <message>
        <source>Safety margin of {device}</source>
        <translation>Margen de seguridad de {device}</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source>{file} cannot be used: {reason}</source>
        <translation>No se puede usar {file}: {reason}</translation>
    </message>
    <message>
        <source>Load anyway…</source>
        <translation>Cargar de todos modos…</translation>
    </message>
    <message>
        <source>Loading unloads {models} to make room.</source>
        <translation>Al cargarlo, se libera lo siguiente para hacer sitio: {models}.</translation>
    </message>
    <message>
        <source>Loads beside {models}; nothing is unloaded.</source>
        <translation>Se carga junto a {models}; no se libera nada.</translation>
    </message>
    <message>
        <source>Even so, the models that stay leave too little room.</source>
        <translation>Aun así, los modelos que siguen cargados dejan muy poco espacio.</translation>
    </message>
    <message>
        <source>All {blocks} layers + output on the CPU</source>
        <translation>Las {blocks} capas + salida en la CPU</translation>
    </message>
    <message>
        <source>{layers} of {blocks} layers on the CPU</source>
        <translation>{layers} de {blocks} capas en la CPU</translation>
    </message>
    <message>
        <source>Every layer is split over the devices ({split}).</source>
        <translation>Cada capa se reparte entre los dispositivos ({split}).</translation>
    </message>
    <message>
        <source>Experts of {n} of {max} layers on the CPU ({moved} moved to RAM); each step moves {step}.</source>
        <translation>Expertos de {n} de {max} capas en la CPU ({moved} movidos a la RAM); cada paso mueve {step}.</translation>
    </message>
    <message>
        <source>Every layer is split over all enabled devices.</source>
        <translation>Cada capa se reparte entre todos los dispositivos activados.</translation>
    </message>
    <message>
        <source> (automatic)</source>
        <translation> (automático)</translation>
    </message>
    <message>
        <source>No context fits with this placement.</source>
        <translation>Con esta distribución no cabe ningún contexto.</translation>
    </message>
    <message>
        <source>Largest that fits: {largest}</source>
        <translation>El mayor que cabe: {largest}</translation>
    </message>
    <message>
        <source>{ctx} tokens{automatic}; trained {trained}. {marker}</source>
        <translation>{ctx} tokens{automatic}; entrenado con {trained}. {marker}</translation>
    </message>
    <message>
        <source>{file}: {size}</source>
        <translation>{file}: {size}</translation>
    </message>
    <message>
        <source>{file} ({size}), drafting {n} tokens</source>
        <translation>{file} ({size}), genera {n} tokens de borrador</translation>
    </message>
    <message>
        <source>The model&apos;s own MTP layers draft tokens; their KV is reserved.</source>
        <translation>Las propias capas MTP del modelo generan tokens de borrador; su KV queda reservado.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Fits.&lt;/b&gt;</source>
        <translation>&lt;b&gt;Cabe.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Fits once the models named above are unloaded.&lt;/b&gt;</source>
        <translation>&lt;b&gt;Cabe una vez liberados los modelos indicados arriba.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Does not fit.</source>
        <translation>No cabe.</translation>
    </message>
</context>
<context>
    <name>LoadFlow</name>
    <message>
        <source>Open a GGUF model</source>
        <translation>Abrir un modelo GGUF</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>Modelos GGUF (*.gguf)</translation>
    </message>
    <message>
        <source>Cannot load the model</source>
        <translation>No se puede cargar el modelo</translation>
    </message>
</context>
<context>
    <name>LoadedMemoryPanel</name>
    <message>
        <source>Memory of the loaded model</source>
        <translation>Memoria del modelo cargado</translation>
    </message>
    <message>
        <source>No model loaded.</source>
        <translation>No hay ningún modelo cargado.</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) loaded: predicted (bar) and allocated (strip) per device</source>
        <translation>
            <numerusform>%n modelo cargado: memoria prevista (barra) y reservada (franja) por dispositivo</numerusform>
            <numerusform>%n modelos cargados: memoria prevista (barra) y reservada (franja) por dispositivo</numerusform>
        </translation>
    </message>
    <message>
        <source>Predicted; waiting for the engine to report.</source>
        <translation>Previsto; esperando el informe del motor.</translation>
    </message>
    <message>
        <source>The load failed: the prediction is shown, the engine allocated nothing.</source>
        <translation>La carga falló: se muestra la predicción; el motor no reservó nada.</translation>
    </message>
    <message>
        <source>The engine allocated {ratio:.0%} of the predicted buffers.</source>
        <translation>El motor reservó el {ratio:.0%} de los búferes previstos.</translation>
    </message>
    <message>
        <source>The engine&apos;s log reports no buffer sizes (it needs -lv 4).</source>
        <translation>El registro del motor no indica tamaños de búfer (necesita -lv 4).</translation>
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
        <translation>&amp;Modelo</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;yuda</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Chat</translation>
    </message>
    <message>
        <source>Load a model to start a conversation.</source>
        <translation>Cargue un modelo para empezar una conversación.</translation>
    </message>
    <message>
        <source>Discover</source>
        <translation>Descubrir</translation>
    </message>
    <message>
        <source>Search Hugging Face for GGUF models and see whether they fit.</source>
        <translation>Busque modelos GGUF en Hugging Face y compruebe si caben.</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>Biblioteca</translation>
    </message>
    <message>
        <source>The GGUF models on this computer.</source>
        <translation>Los modelos GGUF de este equipo.</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Servidor</translation>
    </message>
    <message>
        <source>The llama-server engine, its state and log.</source>
        <translation>El motor llama-server, su estado y su registro.</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Configuración</translation>
    </message>
    <message>
        <source>Engine, model folders and appearance.</source>
        <translation>Motor, carpetas de modelos y apariencia.</translation>
    </message>
    <message>
        <source>Engine: probing…</source>
        <translation>Motor: comprobando…</translation>
    </message>
</context>
<context>
    <name>McpServerEditor</name>
    <message>
        <source>Add an MCP server</source>
        <translation>Añadir un servidor MCP</translation>
    </message>
    <message>
        <source>Edit the MCP server</source>
        <translation>Editar el servidor MCP</translation>
    </message>
    <message>
        <source>Server name</source>
        <translation>Nombre del servidor</translation>
    </message>
    <message>
        <source>files</source>
        <translation>archivos</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nombre</translation>
    </message>
    <message>
        <source>A program on this computer (stdio)</source>
        <translation>Un programa en este equipo (stdio)</translation>
    </message>
    <message>
        <source>A web address (streamable HTTP)</source>
        <translation>Una dirección web (HTTP transmisible)</translation>
    </message>
    <message>
        <source>Runs as</source>
        <translation>Se ejecuta como</translation>
    </message>
    <message>
        <source>What is wrong with the server</source>
        <translation>Qué falla en el servidor</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Comando</translation>
    </message>
    <message>
        <source>One argument per line, e.g.
-y
@modelcontextprotocol/server-filesystem</source>
        <translation>Un argumento por línea, p. ej.
-y
@modelcontextprotocol/server-filesystem</translation>
    </message>
    <message>
        <source>Arguments, one per line</source>
        <translation>Argumentos, uno por línea</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Argumentos</translation>
    </message>
    <message>
        <source>KEY=VALUE, one per line</source>
        <translation>CLAVE=VALOR, una por línea</translation>
    </message>
    <message>
        <source>Environment variables, KEY=VALUE, one per line</source>
        <translation>Variables de entorno, CLAVE=VALOR, una por línea</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Entorno</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>URL del servidor</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Name: value, one per line, e.g.
Authorization: Bearer …</source>
        <translation>Nombre: valor, una por línea, p. ej.
Authorization: Bearer …</translation>
    </message>
    <message>
        <source>Headers, Name: value, one per line</source>
        <translation>Cabeceras, Nombre: valor, una por línea</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>Cabeceras</translation>
    </message>
</context>
<context>
    <name>McpServersSection</name>
    <message>
        <source>Tool servers (MCP)</source>
        <translation>Servidores de herramientas (MCP)</translation>
    </message>
    <message>
        <source>Programs and web services whose tools models may call, through the Model Context Protocol. Only enabled servers run; each call is yours to allow.</source>
        <translation>Programas y servicios web cuyas herramientas pueden llamar los modelos mediante el Model Context Protocol. Solo se ejecutan los servidores activados; usted decide si permite cada llamada.</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>Servidores MCP</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Servidor</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Ejecuta</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>MCP server columns</source>
        <translation>Columnas de servidores MCP</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>Añadir…</translation>
    </message>
    <message>
        <source>Add an MCP server</source>
        <translation>Añadir un servidor MCP</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Editar…</translation>
    </message>
    <message>
        <source>Edit the selected MCP server</source>
        <translation>Editar el servidor MCP seleccionado</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>Remove the selected MCP server</source>
        <translation>Quitar el servidor MCP seleccionado</translation>
    </message>
    <message>
        <source>Import mcp.json…</source>
        <translation>Importar mcp.json…</translation>
    </message>
    <message>
        <source>Import the MCP servers of an mcp.json file (Claude Desktop, Cursor, LM Studio)</source>
        <translation>Importar los servidores MCP de un archivo mcp.json (Claude Desktop, Cursor, LM Studio)</translation>
    </message>
    <message>
        <source>What the last change of the MCP servers did</source>
        <translation>Resultado del último cambio en los servidores MCP</translation>
    </message>
    <message>
        <source>When checked, {name} runs and models may use its tools.</source>
        <translation>Si está marcado, {name} se ejecuta y los modelos pueden usar sus herramientas.</translation>
    </message>
    <message>
        <source>No MCP servers yet: add one, or import the mcp.json of Claude Desktop, Cursor or LM Studio.</source>
        <translation>Aún no hay servidores MCP: añada uno o importe el mcp.json de Claude Desktop, Cursor o LM Studio.</translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform> y %n más</numerusform>
            <numerusform> y %n más</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ready: %n tool(s)</source>
        <translation>
            <numerusform>Listo: %n herramienta</numerusform>
            <numerusform>Listo: %n herramientas</numerusform>
        </translation>
    </message>
    <message>
        <source>The server offers no tools.</source>
        <translation>El servidor no ofrece herramientas.</translation>
    </message>
    <message>
        <source>Failed: {reason}</source>
        <translation>Falló: {reason}</translation>
    </message>
    <message>
        <source>Starting again after a crash…</source>
        <translation>Reiniciando tras un bloqueo…</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Iniciando…</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Desactivado</translation>
    </message>
    <message>
        <source>Disabled: this server does not run.</source>
        <translation>Desactivado: este servidor no se ejecuta.</translation>
    </message>
    <message>
        <source>Not started yet</source>
        <translation>Aún sin iniciar</translation>
    </message>
    <message>
        <source>It starts with the app.</source>
        <translation>Se inicia con la aplicación.</translation>
    </message>
    <message>
        <source>Remove MCP server</source>
        <translation>Quitar servidor MCP</translation>
    </message>
    <message>
        <source>Remove the MCP server {name}? Its tools will no longer be offered.</source>
        <translation>¿Quitar el servidor MCP {name}? Sus herramientas dejarán de ofrecerse.</translation>
    </message>
    <message>
        <source>Importing {path}…</source>
        <translation>Importando {path}…</translation>
    </message>
    <message>
        <source>Import MCP servers</source>
        <translation>Importar servidores MCP</translation>
    </message>
    <message>
        <source>MCP server lists (*.json);;All files (*)</source>
        <translation>Listas de servidores MCP (*.json);;Todos los archivos (*)</translation>
    </message>
    <message numerus="yes">
        <source>Added %n server(s): {names}.</source>
        <translation>
            <numerusform>Se añadió %n servidor: {names}.</numerusform>
            <numerusform>Se añadieron %n servidores: {names}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replaced %n server(s) of the same name: {names}.</source>
        <translation>
            <numerusform>Se sustituyó %n servidor con el mismo nombre: {names}.</numerusform>
            <numerusform>Se sustituyeron %n servidores con el mismo nombre: {names}.</numerusform>
        </translation>
    </message>
    <message>
        <source>The file names no MCP servers.</source>
        <translation>El archivo no nombra ningún servidor MCP.</translation>
    </message>
</context>
<context>
    <name>MemoryPanel</name>
    <message>
        <source>Memory per device</source>
        <translation>Memoria por dispositivo</translation>
    </message>
    <message>
        <source>Used by others</source>
        <translation>Usada por otros</translation>
    </message>
    <message>
        <source>Models loaded</source>
        <translation>Modelos cargados</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Pesos</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>Caché KV</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Cálculo</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>Sobrecarga</translation>
    </message>
    <message>
        <source>Prompt cache</source>
        <translation>Caché de prompts</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Presupuesto</translation>
    </message>
    <message>
        <source>In use now</source>
        <translation>En uso ahora</translation>
    </message>
</context>
<context>
    <name>ModelList</name>
    <message>
        <source>Search the library</source>
        <translation>Buscar en la biblioteca</translation>
    </message>
    <message>
        <source>Models in the library</source>
        <translation>Modelos de la biblioteca</translation>
    </message>
    <message>
        <source>Loaded</source>
        <translation>Cargado</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Cargando…</translation>
    </message>
    <message>
        <source>Unloading…</source>
        <translation>Liberando…</translation>
    </message>
    <message>
        <source>Checking the fit…</source>
        <translation>Comprobando si cabe…</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>Choose a model</source>
        <translation>Elegir un modelo</translation>
    </message>
    <message>
        <source>Choose a model from the library</source>
        <translation>Elegir un modelo de la biblioteca</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>Cargar…</translation>
    </message>
    <message>
        <source>Load the model</source>
        <translation>Cargar el modelo</translation>
    </message>
    <message>
        <source>Eject</source>
        <translation>Expulsar</translation>
    </message>
    <message>
        <source>Eject the model</source>
        <translation>Expulsar el modelo</translation>
    </message>
    <message>
        <source>Loading progress</source>
        <translation>Progreso de carga</translation>
    </message>
    <message>
        <source>Change load settings…</source>
        <translation>Cambiar ajustes de carga…</translation>
    </message>
    <message>
        <source>Choose a model…</source>
        <translation>Elegir un modelo…</translation>
    </message>
    <message numerus="yes">
        <source>%n other model(s) loaded</source>
        <translation>
            <numerusform>%n otro modelo cargado</numerusform>
            <numerusform>%n otros modelos cargados</numerusform>
        </translation>
    </message>
    <message>
        <source>{running} stays loaded; Load… loads this model beside it.</source>
        <translation>{running} sigue cargado; Cargar… carga este modelo junto a él.</translation>
    </message>
    <message>
        <source>Ready · {context} context</source>
        <translation>Listo · contexto de {context}</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Listo</translation>
    </message>
    <message>
        <source>Loading: reading the weights…</source>
        <translation>Cargando: leyendo los pesos…</translation>
    </message>
    <message>
        <source>Loading: creating the context…</source>
        <translation>Cargando: creando el contexto…</translation>
    </message>
    <message>
        <source>Loading: warming up…</source>
        <translation>Cargando: calentando…</translation>
    </message>
    <message>
        <source>Loading: almost ready…</source>
        <translation>Cargando: casi listo…</translation>
    </message>
    <message>
        <source>Loading: starting the engine…</source>
        <translation>Cargando: iniciando el motor…</translation>
    </message>
    <message>
        <source>The engine stopped unexpectedly; restarting it…</source>
        <translation>El motor se detuvo inesperadamente; reiniciándolo…</translation>
    </message>
    <message>
        <source>Ejecting…</source>
        <translation>Expulsando…</translation>
    </message>
    <message>
        <source>Could not load: {reason}</source>
        <translation>No se pudo cargar: {reason}</translation>
    </message>
    <message>
        <source>Not loaded: sending loads it, Load… opens its settings.</source>
        <translation>No cargado: al enviar se carga; Cargar… abre sus ajustes.</translation>
    </message>
    <message>
        <source>Not loaded. Load opens its settings.</source>
        <translation>No cargado. Cargar abre sus ajustes.</translation>
    </message>
    <message>
        <source>No model loaded.</source>
        <translation>No hay ningún modelo cargado.</translation>
    </message>
    <message>
        <source>No model loaded. Choose one from the library.</source>
        <translation>No hay ningún modelo cargado. Elija uno de la biblioteca.</translation>
    </message>
</context>
<context>
    <name>PassageDialog</name>
    <message>
        <source>Cited passage</source>
        <translation>Fragmento citado</translation>
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
        <translation>Quitar {name}</translation>
    </message>
    <message>
        <source>Remove this image</source>
        <translation>Quitar esta imagen</translation>
    </message>
</context>
<context>
    <name>PresetBar</name>
    <message>
        <source>Preset</source>
        <translation>Preajuste</translation>
    </message>
    <message>
        <source>Apply a preset&apos;s system prompt and sampling</source>
        <translation>Aplicar la indicación del sistema y el muestreo de un preajuste</translation>
    </message>
    <message>
        <source>No preset</source>
        <translation>Sin preajuste</translation>
    </message>
    <message>
        <source>Preset actions</source>
        <translation>Acciones de preajuste</translation>
    </message>
    <message>
        <source>Save, rename, delete, import or export presets</source>
        <translation>Guardar, renombrar, eliminar, importar o exportar preajustes</translation>
    </message>
    <message>
        <source>Save this chat&apos;s system prompt and sampling as a preset to reuse them.</source>
        <translation>Guarde la indicación del sistema y el muestreo de este chat como preajuste para reutilizarlos.</translation>
    </message>
    <message>
        <source>Changed since “{name}” was applied.</source>
        <translation>Modificado desde que se aplicó «{name}».</translation>
    </message>
    <message>
        <source>New chats with {model} start from “{name}”.</source>
        <translation>Los chats nuevos con {model} parten de «{name}».</translation>
    </message>
    <message>
        <source>Imported as “{name}”: a preset named “{clashed}” already existed.</source>
        <translation>Importado como «{name}»: ya existía un preajuste llamado «{clashed}».</translation>
    </message>
    <message>
        <source>Imported “{name}”.</source>
        <translation>«{name}» importado.</translation>
    </message>
    <message>
        <source>Exported to {path}.</source>
        <translation>Exportado a {path}.</translation>
    </message>
    <message>
        <source>Save as a new preset…</source>
        <translation>Guardar como preajuste nuevo…</translation>
    </message>
    <message>
        <source>Save changes to “{name}”</source>
        <translation>Guardar los cambios en «{name}»</translation>
    </message>
    <message>
        <source>Save changes to the preset</source>
        <translation>Guardar los cambios en el preajuste</translation>
    </message>
    <message>
        <source>Rename “{name}”…</source>
        <translation>Renombrar «{name}»…</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Renombrar…</translation>
    </message>
    <message>
        <source>Delete “{name}”…</source>
        <translation>Eliminar «{name}»…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Eliminar…</translation>
    </message>
    <message>
        <source>Load a model to give it a default preset</source>
        <translation>Cargue un modelo para asignarle un preajuste predeterminado</translation>
    </message>
    <message>
        <source>Default for {model}</source>
        <translation>Predeterminado para {model}</translation>
    </message>
    <message>
        <source>New chats with this model start from this preset</source>
        <translation>Los chats nuevos con este modelo parten de este preajuste</translation>
    </message>
    <message>
        <source>Clear the default for {model} (“{name}”)</source>
        <translation>Quitar el predeterminado de {model} («{name}»)</translation>
    </message>
    <message>
        <source>Import a preset…</source>
        <translation>Importar un preajuste…</translation>
    </message>
    <message>
        <source>Export “{name}”…</source>
        <translation>Exportar «{name}»…</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exportar…</translation>
    </message>
    <message>
        <source>My preset</source>
        <translation>Mi preajuste</translation>
    </message>
    <message>
        <source>Save as a new preset</source>
        <translation>Guardar como preajuste nuevo</translation>
    </message>
    <message>
        <source>Rename preset</source>
        <translation>Renombrar preajuste</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nombre:</translation>
    </message>
    <message>
        <source>Delete preset</source>
        <translation>Eliminar preajuste</translation>
    </message>
    <message>
        <source>Delete the preset “{name}”? Conversations keep their settings.</source>
        <translation>¿Eliminar el preajuste «{name}»? Las conversaciones conservan su configuración.</translation>
    </message>
    <message>
        <source>Import a preset</source>
        <translation>Importar un preajuste</translation>
    </message>
    <message>
        <source>Presets (*.json);;All files (*)</source>
        <translation>Preajustes (*.json);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>Export preset</source>
        <translation>Exportar preajuste</translation>
    </message>
    <message>
        <source>Presets (*.json)</source>
        <translation>Preajustes (*.json)</translation>
    </message>
</context>
<context>
    <name>RepoFilesModel</name>
    <message>
        <source>Quant</source>
        <translation>Cuantización</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Archivo</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Tamaño</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Cabe</translation>
    </message>
    <message>
        <source>{name} ({count} parts)</source>
        <translation>{name} ({count} partes)</translation>
    </message>
    <message>
        <source> — incomplete upload</source>
        <translation> — subida incompleta</translation>
    </message>
    <message>
        <source> — downloaded</source>
        <translation> — descargado</translation>
    </message>
    <message>
        <source>{name} (vision projector)</source>
        <translation>{name} (proyector de visión)</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Comprobando…</translation>
    </message>
</context>
<context>
    <name>ResidentBars</name>
    <message>
        <source>Loaded models per device</source>
        <translation>Modelos cargados por dispositivo</translation>
    </message>
</context>
<context>
    <name>ResidentsLabel</name>
    <message>
        <source>Loaded models</source>
        <translation>Modelos cargados</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) loaded</source>
        <translation>
            <numerusform>%n modelo cargado</numerusform>
            <numerusform>%n modelos cargados</numerusform>
        </translation>
    </message>
    <message>
        <source>{device} {allocated}/{predicted}</source>
        <translation>{device} {allocated}/{predicted}</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>Previsto</translation>
    </message>
    <message>
        <source>Allocated</source>
        <translation>Reservado</translation>
    </message>
    <message>
        <source>Unload {model}</source>
        <translation>Liberar {model}</translation>
    </message>
    <message>
        <source>Unload all</source>
        <translation>Liberar todo</translation>
    </message>
</context>
<context>
    <name>SamplingPanel</name>
    <message>
        <source>System prompt</source>
        <translation>Indicación del sistema</translation>
    </message>
    <message>
        <source>The template&apos;s default system prompt</source>
        <translation>La indicación del sistema predeterminada de la plantilla</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Predeterminado</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Temperatura</translation>
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
        <translation>Máximo de tokens</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>Aleatoria</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Semilla</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>Razonamiento</translation>
    </message>
    <message>
        <source>Template default</source>
        <translation>Predeterminado de la plantilla</translation>
    </message>
    <message>
        <source>On</source>
        <translation>Activado</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Desactivado</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>Muestreo</translation>
    </message>
    <message>
        <source>Load a model to see whether it can think.</source>
        <translation>Cargue un modelo para ver si puede razonar.</translation>
    </message>
    <message>
        <source>This model&apos;s chat template has no thinking switch.</source>
        <translation>La plantilla de chat de este modelo no tiene opción de razonamiento.</translation>
    </message>
</context>
<context>
    <name>SearchResultsModel</name>
    <message>
        <source>Repository</source>
        <translation>Repositorio</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Downloads</source>
        <translation>Descargas</translation>
    </message>
    <message>
        <source>Likes</source>
        <translation>Me gusta</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>Actualizado</translation>
    </message>
    <message>
        <source> (gated)</source>
        <translation> (restringido)</translation>
    </message>
</context>
<context>
    <name>Sentences</name>
    <message>
        <source>The llama-server engine was not found ({path}).</source>
        <translation>No se encontró el motor llama-server ({path}).</translation>
    </message>
    <message>
        <source>The llama-server engine cannot be run ({path}): {reason}</source>
        <translation>No se puede ejecutar el motor llama-server ({path}): {reason}</translation>
    </message>
    <message>
        <source>The llama-server engine at {path} does not work: it exited with code {exit_code}.</source>
        <translation>El motor llama-server de {path} no funciona: terminó con el código {exit_code}.</translation>
    </message>
    <message>
        <source>The llama-server engine at {path} did not answer in time.</source>
        <translation>El motor llama-server de {path} no respondió a tiempo.</translation>
    </message>
    <message>
        <source>Checking the engine was cancelled.</source>
        <translation>Se canceló la comprobación del motor.</translation>
    </message>
    <message>
        <source>This engine was built for instructions this CPU lacks. Build one for this computer in Settings &gt; Engine, or choose another engine there.</source>
        <translation>Este motor se compiló para instrucciones que esta CPU no tiene. Compile uno para este equipo en Configuración &gt; Motor o elija allí otro motor.</translation>
    </message>
    <message>
        <source>The engine is not ready yet; see the Server page.</source>
        <translation>El motor aún no está listo; consulte la página Servidor.</translation>
    </message>
    <message>
        <source>The engine failed its self-test on a tiny model ({status}).</source>
        <translation>El motor no superó su autoprueba con un modelo diminuto ({status}).</translation>
    </message>
    <message>
        <source>No C/C++ compiler was found. Install one (on Debian or Ubuntu: sudo apt install build-essential) and try again.</source>
        <translation>No se encontró ningún compilador de C/C++. Instale uno (en Debian o Ubuntu: sudo apt install build-essential) y vuelva a intentarlo.</translation>
    </message>
    <message>
        <source>{tool} is missing and could not be installed from the package index.</source>
        <translation>Falta {tool} y no se pudo instalar desde el índice de paquetes.</translation>
    </message>
    <message>
        <source>The llama.cpp source could not be downloaded; check the network.</source>
        <translation>No se pudo descargar el código fuente de llama.cpp; compruebe la red.</translation>
    </message>
    <message>
        <source>The llama.cpp source was damaged even when downloaded again ({reason}); try again later.</source>
        <translation>El código fuente de llama.cpp estaba dañado incluso tras descargarlo de nuevo ({reason}); inténtelo de nuevo más tarde.</translation>
    </message>
    <message>
        <source>The engine build failed; see the build log.</source>
        <translation>La compilación del motor falló; consulte el registro de compilación.</translation>
    </message>
    <message>
        <source>The engine build was cancelled.</source>
        <translation>Se canceló la compilación del motor.</translation>
    </message>
    <message>
        <source>The new engine was built but failed its self-test ({status}).</source>
        <translation>El motor nuevo se compiló, pero no superó su autoprueba ({status}).</translation>
    </message>
    <message>
        <source>The llama-server binary was not found.</source>
        <translation>No se encontró el binario de llama-server.</translation>
    </message>
    <message>
        <source>The llama-server binary cannot be executed.</source>
        <translation>No se puede ejecutar el binario de llama-server.</translation>
    </message>
    <message>
        <source>The engine refused an argument; see the log.</source>
        <translation>El motor rechazó un argumento; consulte el registro.</translation>
    </message>
    <message>
        <source>The port was already in use.</source>
        <translation>El puerto ya estaba en uso.</translation>
    </message>
    <message>
        <source>The model file does not exist: {path}.</source>
        <translation>El archivo del modelo no existe: {path}.</translation>
    </message>
    <message>
        <source>{path} is not a valid GGUF model (truncated, damaged or not a GGUF file).</source>
        <translation>{path} no es un modelo GGUF válido (truncado, dañado o no es un archivo GGUF).</translation>
    </message>
    <message>
        <source>This engine does not know the model&apos;s architecture; a newer llama-server is needed.</source>
        <translation>Este motor no conoce la arquitectura del modelo; hace falta un llama-server más reciente.</translation>
    </message>
    <message>
        <source>A quantized V cache needs flash attention on.</source>
        <translation>Una caché V cuantizada requiere activar flash attention.</translation>
    </message>
    <message>
        <source>The vision projector failed to load.</source>
        <translation>No se pudo cargar el proyector de visión.</translation>
    </message>
    <message>
        <source>Out of memory while loading the weights.</source>
        <translation>Memoria agotada al cargar los pesos.</translation>
    </message>
    <message>
        <source>Out of memory for the KV cache: lower the context.</source>
        <translation>Memoria insuficiente para la caché KV: reduzca el contexto.</translation>
    </message>
    <message>
        <source>Out of memory for the compute buffers.</source>
        <translation>Memoria insuficiente para los búferes de cálculo.</translation>
    </message>
    <message>
        <source>The engine was killed, most likely by the system for lack of memory.</source>
        <translation>El motor fue detenido, muy probablemente por el sistema por falta de memoria.</translation>
    </message>
    <message>
        <source>The engine crashed ({signal}).</source>
        <translation>El motor se bloqueó ({signal}).</translation>
    </message>
    <message>
        <source>The engine did not become ready in time.</source>
        <translation>El motor no estuvo listo a tiempo.</translation>
    </message>
    <message>
        <source>The engine crashed repeatedly; it is not restarted again.</source>
        <translation>El motor se bloqueó repetidamente; no se volverá a reiniciar.</translation>
    </message>
    <message>
        <source>The engine stopped answering; it was replaced.</source>
        <translation>El motor dejó de responder; se sustituyó.</translation>
    </message>
    <message>
        <source>Out of memory even after {steps} smaller settings (the last with a context of {ctx}); nothing smaller is left to try. Free memory or choose a smaller model.</source>
        <translation>Memoria insuficiente incluso tras {steps} ajustes más pequeños (el último con un contexto de {ctx}); no queda nada más pequeño que probar. Libere memoria o elija un modelo más pequeño.</translation>
    </message>
    <message>
        <source>The engine exited (code {exit_code}).</source>
        <translation>El motor terminó (código {exit_code}).</translation>
    </message>
    <message>
        <source>{model} does not fit: it needs {needed} of {device} memory plus {reserve} kept free, and {available} is free.</source>
        <translation>{model} no cabe: necesita {needed} de memoria de {device} más {reserve} de reserva libre, y hay {available} libres.</translation>
    </message>
    <message>
        <source>{model} cannot be loaded with these settings; see the load dialog.</source>
        <translation>{model} no se puede cargar con esta configuración; consulte el diálogo de carga.</translation>
    </message>
    <message>
        <source>A newer request replaced this one.</source>
        <translation>Una solicitud más reciente sustituyó a esta.</translation>
    </message>
    <message>
        <source>The app is closing; the engine no longer takes requests.</source>
        <translation>La aplicación se está cerrando; el motor ya no acepta solicitudes.</translation>
    </message>
    <message>
        <source>No model is loaded.</source>
        <translation>No hay ningún modelo cargado.</translation>
    </message>
    <message>
        <source>The answer was interrupted: the connection to the engine was lost.</source>
        <translation>La respuesta se interrumpió: se perdió la conexión con el motor.</translation>
    </message>
    <message>
        <source>The engine crashed while answering this request ({cause}), so the request was not retried.</source>
        <translation>El motor se bloqueó mientras respondía a esta solicitud ({cause}), por lo que la solicitud no se reintentó.</translation>
    </message>
    <message>
        <source>Another model was loaded before {model} could answer; send the request again.</source>
        <translation>Se cargó otro modelo antes de que {model} pudiera responder; envíe la solicitud de nuevo.</translation>
    </message>
    <message>
        <source>Too many engine arguments ({count}); the engine was not started.</source>
        <translation>Demasiados argumentos para el motor ({count}); el motor no se inició.</translation>
    </message>
    <message>
        <source>The engine argument {flag} is managed by the app and cannot be set by hand.</source>
        <translation>El argumento del motor {flag} lo gestiona la aplicación y no se puede fijar a mano.</translation>
    </message>
    <message>
        <source>There is no model &apos;{model}&apos; in the library.</source>
        <translation>No hay ningún modelo «{model}» en la biblioteca.</translation>
    </message>
    <message>
        <source>No studio serve answers at {url}; start one with studio serve.</source>
        <translation>Ningún studio serve responde en {url}; inicie uno con studio serve.</translation>
    </message>
    <message>
        <source>The server refused the API key; give it with --api-key or --api-key-file.</source>
        <translation>El servidor rechazó la clave de API; indíquela con --api-key o --api-key-file.</translation>
    </message>
    <message>
        <source>The server at {url} did not answer as studio serve does.</source>
        <translation>El servidor en {url} no respondió como lo hace studio serve.</translation>
    </message>
    <message>
        <source>{model} cannot be loaded: the pinned models {pinned} keep their room.</source>
        <translation>No se puede cargar {model}: los modelos fijados {pinned} conservan su espacio.</translation>
    </message>
    <message>
        <source>{waiting} requests already wait for room to load a model; try again when one has finished.</source>
        <translation>{waiting} solicitudes ya esperan espacio para cargar un modelo; vuelva a intentarlo cuando termine una.</translation>
    </message>
    <message>
        <source>This conversation&apos;s model {model} is no longer in the library; choose another model in the picker to go on.</source>
        <translation>El modelo de esta conversación, {model}, ya no está en la biblioteca; elija otro modelo en el selector para continuar.</translation>
    </message>
    <message>
        <source>{source} is not a GGUF file.</source>
        <translation>{source} no es un archivo GGUF.</translation>
    </message>
    <message>
        <source>{source} uses GGUF version {version}, which is not supported.</source>
        <translation>{source} usa la versión {version} de GGUF, que no es compatible.</translation>
    </message>
    <message>
        <source>{source} is incomplete: it ends after {available} of at least {needed}.</source>
        <translation>{source} está incompleto: termina tras {available} de al menos {needed}.</translation>
    </message>
    <message>
        <source>{source} is damaged: {reason}.</source>
        <translation>{source} está dañado: {reason}.</translation>
    </message>
    <message>
        <source>The header of {source} is larger than {limit}; it was not read.</source>
        <translation>La cabecera de {source} supera {limit}; no se leyó.</translation>
    </message>
    <message>
        <source>A part of the split model is missing: {shard}.</source>
        <translation>Falta una parte del modelo dividido: {shard}.</translation>
    </message>
    <message>
        <source>The server of {url} cannot send parts of a file (HTTP {status}).</source>
        <translation>El servidor de {url} no puede enviar partes de un archivo (HTTP {status}).</translation>
    </message>
    <message>
        <source>{url} could not be read: {reason}.</source>
        <translation>No se pudo leer {url}: {reason}.</translation>
    </message>
    <message>
        <source>{source} is damaged or hostile: it declares {key} = {value}, which no model has.</source>
        <translation>{source} está dañado o es malicioso: declara {key} = {value}, algo que ningún modelo tiene.</translation>
    </message>
    <message>
        <source>{path} is not an ordinary file (it is a pipe, a device or a folder); only ordinary files are opened as models.</source>
        <translation>{path} no es un archivo normal (es una tubería, un dispositivo o una carpeta); solo se abren como modelos los archivos normales.</translation>
    </message>
    <message>
        <source>{path} cannot be read: {reason}.</source>
        <translation>No se puede leer {path}: {reason}.</translation>
    </message>
    <message>
        <source>Unknown KV cache type: {type}.</source>
        <translation>Tipo de caché KV desconocido: {type}.</translation>
    </message>
    <message>
        <source>This model needs the same type for the K and V caches.</source>
        <translation>Este modelo necesita el mismo tipo para las cachés K y V.</translation>
    </message>
    <message>
        <source>The batch sizes are not valid.</source>
        <translation>Los tamaños de lote no son válidos.</translation>
    </message>
    <message>
        <source>System RAM cannot be listed as a GPU device.</source>
        <translation>La RAM del sistema no puede figurar como dispositivo GPU.</translation>
    </message>
    <message>
        <source>Tensor parallelism needs flash attention and an unquantized KV cache.</source>
        <translation>El paralelismo de tensores necesita flash attention y una caché KV sin cuantizar.</translation>
    </message>
    <message>
        <source>The model file does not name its architecture.</source>
        <translation>El archivo del modelo no indica su arquitectura.</translation>
    </message>
    <message>
        <source>How this model fits could not be worked out; the log says why.</source>
        <translation>No se pudo determinar cómo cabe este modelo; el registro indica el motivo.</translation>
    </message>
    <message>
        <source>The model file does not say how many layers it has.</source>
        <translation>El archivo del modelo no indica cuántas capas tiene.</translation>
    </message>
    <message>
        <source>No repacked copies of weights are counted: repacking is off (--no-repack).</source>
        <translation>No se cuentan copias reempaquetadas de los pesos: el reempaquetado está desactivado (--no-repack).</translation>
    </message>
    <message>
        <source>No repacked copies of weights are counted: no engine has told this CPU&apos;s features.</source>
        <translation>No se cuentan copias reempaquetadas de los pesos: ningún motor ha indicado las características de esta CPU.</translation>
    </message>
    <message>
        <source>No repacked copies of weights are counted: this engine&apos;s CPU backend does not repack.</source>
        <translation>No se cuentan copias reempaquetadas de los pesos: el backend de CPU de este motor no reempaqueta.</translation>
    </message>
    <message>
        <source>No repacked copies of weights are counted: the host&apos;s weights stay in a GPU&apos;s pinned buffer.</source>
        <translation>No se cuentan copias reempaquetadas de los pesos: los pesos del sistema se quedan en el búfer fijado de una GPU.</translation>
    </message>
    <message>
        <source>A remote RPC device did not answer ({endpoints}).</source>
        <translation>Un dispositivo RPC remoto no respondió ({endpoints}).</translation>
    </message>
    <message>
        <source>“{endpoint}” is not host:port (for example 192.168.1.20:50052).</source>
        <translation>«{endpoint}» no tiene el formato host:puerto (por ejemplo, 192.168.1.20:50052).</translation>
    </message>
    <message>
        <source>STUDIO_FAKE_DEVICES has an entry that cannot be read: {entry}</source>
        <translation>STUDIO_FAKE_DEVICES tiene una entrada que no se puede leer: {entry}</translation>
    </message>
    <message>
        <source>Cannot reach the Hugging Face Hub. Check the network connection, and the proxy and endpoint in Settings.</source>
        <translation>No se puede acceder al Hugging Face Hub. Compruebe la conexión de red y el proxy y el punto de acceso en Configuración.</translation>
    </message>
    <message>
        <source>Not found on the Hub: {target}.</source>
        <translation>No se encontró en el Hub: {target}.</translation>
    </message>
    <message>
        <source>“{target}” is not a Hugging Face repository: write it as owner/name, with letters, digits, -, _ and . only.</source>
        <translation>«{target}» no es un repositorio de Hugging Face: escríbalo como propietario/nombre, solo con letras, dígitos, -, _ y .</translation>
    </message>
    <message>
        <source>This repository is gated or private. Add a Hugging Face token in Settings and accept the model&apos;s terms on its Hub page.</source>
        <translation>Este repositorio es restringido o privado. Añada un token de Hugging Face en Configuración y acepte las condiciones del modelo en su página del Hub.</translation>
    </message>
    <message>
        <source>The Hub answered with an error (HTTP {status}).</source>
        <translation>El Hub respondió con un error (HTTP {status}).</translation>
    </message>
    <message>
        <source>The token was not saved: {reason}</source>
        <translation>No se guardó el token: {reason}</translation>
    </message>
    <message>
        <source>Not enough disk space: {needed} needed plus {reserve} kept free, {free} free in {path}.</source>
        <translation>No hay espacio suficiente: se necesitan {needed} más {reserve} de reserva libre, y hay {free} libres en {path}.</translation>
    </message>
    <message>
        <source>{file} did not match the Hub&apos;s checksum, even when downloaded again. The damaged copy was deleted.</source>
        <translation>{file} no coincidió con la suma de comprobación del Hub, ni siquiera al descargarlo de nuevo. Se eliminó la copia dañada.</translation>
    </message>
    <message>
        <source>{file} kept failing ({reason}). Resume to try again.</source>
        <translation>{file} siguió fallando ({reason}). Reanude para volver a intentarlo.</translation>
    </message>
    <message>
        <source>Refused a file name that would write outside the target folder: {name}</source>
        <translation>Se rechazó un nombre de archivo que escribiría fuera de la carpeta de destino: {name}</translation>
    </message>
    <message>
        <source>Cannot write to {path}.</source>
        <translation>No se puede escribir en {path}.</translation>
    </message>
    <message>
        <source>The download failed unexpectedly; see the log.</source>
        <translation>La descarga falló inesperadamente; consulte el registro.</translation>
    </message>
    <message>
        <source>This is not a usable GGUF model file ({reason}).</source>
        <translation>No es un archivo de modelo GGUF utilizable ({reason}).</translation>
    </message>
    <message>
        <source>This is a vision projector (mmproj), not a model: load it together with its model.</source>
        <translation>Esto es un proyector de visión (mmproj), no un modelo: cárguelo junto con su modelo.</translation>
    </message>
    <message>
        <source>The file cannot be read: {path}</source>
        <translation>No se puede leer el archivo: {path}</translation>
    </message>
    <message>
        <source>The folder {path} cannot be read ({reason}); its models are not listed.</source>
        <translation>No se puede leer la carpeta {path} ({reason}); sus modelos no aparecen en la lista.</translation>
    </message>
    <message>
        <source>The folder {path} is nested more than {depth} folders deep; what lies in it is not listed.</source>
        <translation>La carpeta {path} está anidada a más de {depth} carpetas de profundidad; lo que contiene no aparece en la lista.</translation>
    </message>
    <message>
        <source>The folder {path} holds more than {folders} folders; the models in the rest are not listed.</source>
        <translation>La carpeta {path} contiene más de {folders} carpetas; los modelos del resto no aparecen en la lista.</translation>
    </message>
    <message>
        <source>Your settings could not be read, so the defaults apply. The unreadable file was kept as {moved_to}.</source>
        <translation>No se pudo leer la configuración, así que se aplican los valores predeterminados. El archivo ilegible se conservó como {moved_to}.</translation>
    </message>
    <message>
        <source>Your settings could not be read ({path}), so the defaults apply for now.</source>
        <translation>No se pudo leer la configuración ({path}); por ahora se aplican los valores predeterminados.</translation>
    </message>
    <message>
        <source>The conversations were saved by a newer version of GGUF Studio (format {version}; this version reads up to {supported}).</source>
        <translation>Las conversaciones se guardaron con una versión más reciente de GGUF Studio (formato {version}; esta versión lee hasta el {supported}).</translation>
    </message>
    <message>
        <source>The conversations file is damaged or not a database: {path}</source>
        <translation>El archivo de conversaciones está dañado o no es una base de datos: {path}</translation>
    </message>
    <message>
        <source>The conversations file was damaged. Everything that could still be read was recovered into a new file; the damaged one was kept as {backup}.</source>
        <translation>El archivo de conversaciones estaba dañado. Todo lo que aún se podía leer se recuperó en un archivo nuevo; el dañado se conservó como {backup}.</translation>
    </message>
    <message>
        <source>This conversation no longer exists.</source>
        <translation>Esta conversación ya no existe.</translation>
    </message>
    <message>
        <source>This message no longer exists.</source>
        <translation>Este mensaje ya no existe.</translation>
    </message>
    <message>
        <source>The disk is full, so this answer stopped where it was last saved. Free some space to go on.</source>
        <translation>El disco está lleno, así que esta respuesta se detuvo donde se guardó por última vez. Libera algo de espacio para continuar.</translation>
    </message>
    <message>
        <source>The conversation could not be saved ({reason}), so this answer stopped where it was last saved.</source>
        <translation>No se pudo guardar la conversación ({reason}), así que esta respuesta se detuvo donde se guardó por última vez.</translation>
    </message>
    <message>
        <source>The messages of this conversation link back to each other in a loop, so it is shown from where the loop closes.</source>
        <translation>Los mensajes de esta conversación se enlazan entre sí en un bucle, así que se muestra desde donde se cierra el bucle.</translation>
    </message>
    <message>
        <source>Load a model first.</source>
        <translation>Cargue primero un modelo.</translation>
    </message>
    <message>
        <source>The engine refused the request.</source>
        <translation>El motor rechazó la solicitud.</translation>
    </message>
    <message>
        <source>The connection to the engine was lost.</source>
        <translation>Se perdió la conexión con el motor.</translation>
    </message>
    <message>
        <source>The conversation could not be exported.</source>
        <translation>No se pudo exportar la conversación.</translation>
    </message>
    <message>
        <source>Interrupted: the app closed while this answer was written.</source>
        <translation>Interrumpida: la aplicación se cerró mientras se escribía esta respuesta.</translation>
    </message>
    <message>
        <source>This model cannot see images: it was loaded without a vision projector (mmproj). Load a model that comes with one to send images.</source>
        <translation>Este modelo no puede ver imágenes: se cargó sin proyector de visión (mmproj). Cargue un modelo que incluya uno para enviar imágenes.</translation>
    </message>
    <message>
        <source>This model cannot see images now: its vision projector failed to start, so it was loaded text-only. Reload it, perhaps with less of it on the GPU, to send images.</source>
        <translation>Este modelo no puede ver imágenes ahora: su proyector de visión no se pudo iniciar, así que se cargó solo para texto. Vuelva a cargarlo, quizá con menos parte en la GPU, para enviar imágenes.</translation>
    </message>
    <message>
        <source>{name} could not be read as an image: PNG, JPEG and WebP can be attached.</source>
        <translation>{name} no se pudo leer como imagen: se pueden adjuntar PNG, JPEG y WebP.</translation>
    </message>
    <message>
        <source>At most {count} images can be sent with one message.</source>
        <translation>Se pueden enviar como máximo {count} imágenes por mensaje.</translation>
    </message>
    <message>
        <source>A preset needs a name.</source>
        <translation>Un preajuste necesita un nombre.</translation>
    </message>
    <message>
        <source>A preset named “{name}” already exists.</source>
        <translation>Ya existe un preajuste llamado «{name}».</translation>
    </message>
    <message>
        <source>The preset “{name}” no longer exists.</source>
        <translation>El preajuste «{name}» ya no existe.</translation>
    </message>
    <message>
        <source>The preset file {path} cannot be read.</source>
        <translation>No se puede leer el archivo de preajuste {path}.</translation>
    </message>
    <message>
        <source>{path} is not a preset: it is not a JSON file.</source>
        <translation>{path} no es un preajuste: no es un archivo JSON.</translation>
    </message>
    <message>
        <source>{path} is not a GGUF Studio preset: a preset has a name and its settings.</source>
        <translation>{path} no es un preajuste de GGUF Studio: un preajuste tiene un nombre y sus ajustes.</translation>
    </message>
    <message>
        <source>{path} is not a usable preset: its “{field}” has the wrong kind of value.</source>
        <translation>{path} no es un preajuste utilizable: su «{field}» tiene un tipo de valor incorrecto.</translation>
    </message>
    <message>
        <source>The preset could not be saved to {path}.</source>
        <translation>No se pudo guardar el preajuste en {path}.</translation>
    </message>
    <message>
        <source>The presets cannot be saved to {path}.</source>
        <translation>No se pueden guardar los preajustes en {path}.</translation>
    </message>
    <message>
        <source>Your presets could not be read, so the list starts empty. The unreadable file was kept as {moved_to}.</source>
        <translation>No se pudieron leer sus preajustes, así que la lista empieza vacía. El archivo ilegible se conservó como {moved_to}.</translation>
    </message>
    <message>
        <source>Your presets could not be read ({path}), so the list starts empty.</source>
        <translation>No se pudieron leer sus preajustes ({path}), así que la lista empieza vacía.</translation>
    </message>
    <message>
        <source>{path} is not a usable preset: its “{field}” is {value}, but it must be from {low} to {high}.</source>
        <translation>{path} no es un preajuste utilizable: su «{field}» es {value}, pero debe estar entre {low} y {high}.</translation>
    </message>
    <message>
        <source>{path} is not a usable preset: its “{field}” is {value}, but it must be -1 (no limit) or from {low} to {high}.</source>
        <translation>{path} no es un preajuste utilizable: su «{field}» es {value}, pero debe ser -1 (sin límite) o estar entre {low} y {high}.</translation>
    </message>
    <message>
        <source>Some remembered load settings of {model} could not be used ({settings}), so they are chosen afresh.</source>
        <translation>Algunos ajustes de carga recordados de {model} no se pudieron usar ({settings}), así que se eligen de nuevo.</translation>
    </message>
    <message>
        <source>This conversation needs {prompt_tokens} tokens, but the model&apos;s context holds {context_tokens}. Start a new conversation, let the chat drop the oldest messages (Inspector &gt; Context), or load the model with a larger context.</source>
        <translation>Esta conversación requiere {prompt_tokens} tokens, pero el contexto del modelo admite {context_tokens}. Empiece una conversación nueva, deje que el chat omita los mensajes más antiguos (Inspector &gt; Contexto) o cargue el modelo con un contexto mayor.</translation>
    </message>
    <message>
        <source>{name} is not a text file, so it cannot be added to the message.</source>
        <translation>{name} no es un archivo de texto, así que no se puede añadir al mensaje.</translation>
    </message>
    <message>
        <source>{name} cannot be read: {reason}</source>
        <translation>No se puede leer {name}: {reason}</translation>
    </message>
    <message>
        <source>{name} is not an ordinary file (it is a pipe, a device or a folder), so it cannot be attached.</source>
        <translation>{name} no es un archivo normal (es una tubería, un dispositivo o una carpeta), así que no se puede adjuntar.</translation>
    </message>
    <message>
        <source>{name} is too large to add to a message (more than {limit}).</source>
        <translation>{name} es demasiado grande para añadirlo a un mensaje (más de {limit}).</translation>
    </message>
    <message>
        <source>This model&apos;s chat template does not think, so the thinking budget is not sent.</source>
        <translation>La plantilla de chat de este modelo no razona, así que no se envía el presupuesto de razonamiento.</translation>
    </message>
    <message>
        <source>{name} takes {tokens} tokens, but only {left} of the context&apos;s {context_tokens} are left, so it was not added.</source>
        <translation>{name} ocupa {tokens} tokens, pero solo quedan {left} de los {context_tokens} del contexto, así que no se añadió.</translation>
    </message>
    <message>
        <source>{name} is too large to attach (more than {limit}); nothing was added.</source>
        <translation>{name} es demasiado grande para adjuntarlo (más de {limit}); no se añadió nada.</translation>
    </message>
    <message>
        <source>{name} is a pipe, a device or a folder, not a document, so it was not attached.</source>
        <translation>{name} es una tubería, un dispositivo o una carpeta, no un documento, así que no se adjuntó.</translation>
    </message>
    <message>
        <source>{name} could not be opened as a document: {reason}</source>
        <translation>No se pudo abrir {name} como documento: {reason}</translation>
    </message>
    <message>
        <source>{name} is not a document this app reads ({suffix}); attach a PDF, Markdown, text, HTML or .docx file.</source>
        <translation>{name} no es un documento que esta aplicación pueda leer ({suffix}); adjunte un archivo PDF, Markdown, de texto, HTML o .docx.</translation>
    </message>
    <message>
        <source>{name} is protected by a password, so its text cannot be read.</source>
        <translation>{name} está protegido con contraseña, así que no se puede leer su texto.</translation>
    </message>
    <message>
        <source>{name} has no text layer; it may be a scan. Run text recognition (OCR) on it first.</source>
        <translation>{name} no tiene capa de texto; puede que sea un escaneo. Aplíquele primero reconocimiento de texto (OCR).</translation>
    </message>
    <message>
        <source>{name} is not a {kind} file this app can read; it may be damaged.</source>
        <translation>{name} no es un archivo {kind} que esta aplicación pueda leer; puede estar dañado.</translation>
    </message>
    <message>
        <source>{name} would unpack to more than {limit}, far more than a document holds, so it was not opened.</source>
        <translation>{name} ocuparía más de {limit} al descomprimirse, mucho más de lo que contiene un documento, así que no se abrió.</translation>
    </message>
    <message>
        <source>{name} holds no text, so there is nothing to attach.</source>
        <translation>{name} no contiene texto, así que no hay nada que adjuntar.</translation>
    </message>
    <message>
        <source>{name} is not a text file, so it cannot be attached as a document.</source>
        <translation>{name} no es un archivo de texto, así que no se puede adjuntar como documento.</translation>
    </message>
    <message>
        <source>The documents could not be searched: the embedding model failed ({reason}).</source>
        <translation>No se pudo buscar en los documentos: falló el modelo de embeddings ({reason}).</translation>
    </message>
    <message>
        <source>Load a model first: documents are indexed with the loaded model.</source>
        <translation>Cargue primero un modelo: los documentos se indexan con el modelo cargado.</translation>
    </message>
    <message>
        <source>The embedding model {name} is not in the library: choose another in Settings, Documents.</source>
        <translation>El modelo de embeddings {name} no está en la biblioteca: elija otro en Configuración, Documentos.</translation>
    </message>
    <message>
        <source>The documents&apos; index at {path} cannot be opened.</source>
        <translation>No se puede abrir el índice de los documentos en {path}.</translation>
    </message>
    <message>
        <source>The documents&apos; index at {path} could not be saved: {reason}</source>
        <translation>No se pudo guardar el índice de los documentos en {path}: {reason}</translation>
    </message>
    <message>
        <source>The tools are not valid JSON (line {line}, column {column}).</source>
        <translation>Las herramientas no son JSON válido (línea {line}, columna {column}).</translation>
    </message>
    <message>
        <source>The tools must be a JSON list of function definitions.</source>
        <translation>Las herramientas deben ser una lista JSON de definiciones de funciones.</translation>
    </message>
    <message>
        <source>Tool {number} is not a function definition: give it &quot;type&quot;: &quot;function&quot; and a &quot;function&quot; with a name.</source>
        <translation>La herramienta {number} no es una definición de función: añádale &quot;type&quot;: &quot;function&quot; y una &quot;function&quot; con nombre.</translation>
    </message>
    <message>
        <source>Tool {number} has no name.</source>
        <translation>La herramienta {number} no tiene nombre.</translation>
    </message>
    <message>
        <source>The parameters of the tool {name} must be a JSON Schema object.</source>
        <translation>Los parámetros de la herramienta {name} deben ser un objeto JSON Schema.</translation>
    </message>
    <message>
        <source>Two tools are called {name}.</source>
        <translation>Hay dos herramientas llamadas {name}.</translation>
    </message>
    <message>
        <source>The tools are nested more than {levels} levels deep, which no tool needs.</source>
        <translation>Las herramientas están anidadas a más de {levels} niveles de profundidad, algo que ninguna herramienta necesita.</translation>
    </message>
    <message>
        <source>The tools contain NaN or Infinity, which JSON does not allow.</source>
        <translation>Las herramientas contienen NaN o Infinity, que JSON no permite.</translation>
    </message>
    <message>
        <source>The model asked for tools {rounds} rounds in a row, the most one question may take, so its last calls were not run.</source>
        <translation>El modelo pidió herramientas {rounds} rondas seguidas, el máximo que admite una pregunta, así que sus últimas llamadas no se ejecutaron.</translation>
    </message>
    <message>
        <source>The model&apos;s call of {tool} was cut off or is not valid JSON, so it was not run; a larger answer limit may help.</source>
        <translation>La llamada del modelo a {tool} quedó cortada o no es JSON válido, así que no se ejecutó; un límite de respuesta mayor puede ayudar.</translation>
    </message>
    <message>
        <source>A Hugging Face token was kept out of the settings file ({field}); save tokens with Save token.</source>
        <translation>Se impidió guardar un token de Hugging Face en el archivo de configuración ({field}); guarde los tokens con Guardar token.</translation>
    </message>
    <message>
        <source>The settings cannot be saved to {path}.</source>
        <translation>No se puede guardar la configuración en {path}.</translation>
    </message>
    <message>
        <source>The desktop entry cannot start the app: the command contains {argument}.</source>
        <translation>La entrada de escritorio no puede iniciar la aplicación: el comando contiene {argument}.</translation>
    </message>
    <message>
        <source>The app icon is missing: {path}</source>
        <translation>Falta el icono de la aplicación: {path}</translation>
    </message>
    <message>
        <source>Port {port} is already in use by another program; choose another port.</source>
        <translation>Otro programa ya usa el puerto {port}; elija otro puerto.</translation>
    </message>
    <message>
        <source>Port {port} may only be opened by an administrator; choose one above 1023.</source>
        <translation>Solo un administrador puede abrir el puerto {port}; elija uno por encima de 1023.</translation>
    </message>
    <message>
        <source>The local API could not start: {reason}.</source>
        <translation>La API local no pudo iniciarse: {reason}.</translation>
    </message>
    <message>
        <source>The folder {path} does not exist.</source>
        <translation>La carpeta {path} no existe.</translation>
    </message>
    <message>
        <source>{path} is a file, not a folder.</source>
        <translation>{path} es un archivo, no una carpeta.</translation>
    </message>
    <message>
        <source>There is no device named “{device}” (see the device column of studio fit).</source>
        <translation>No hay ningún dispositivo llamado «{device}» (vea la columna de dispositivos de studio fit).</translation>
    </message>
    <message>
        <source>“{item}” is not DEVICE=LAYERS (for example CUDA0=20).</source>
        <translation>«{item}» no es DISPOSITIVO=CAPAS (por ejemplo CUDA0=20).</translation>
    </message>
    <message>
        <source>“{item}” is not a size such as 2GiB or host=512MiB.</source>
        <translation>«{item}» no es un tamaño como 2GiB o host=512MiB.</translation>
    </message>
    <message>
        <source>“{item}” is not KNOB=VALUE (for example ubatch=1024 or layers:CUDA0=20).</source>
        <translation>«{item}» no es AJUSTE=VALOR (por ejemplo ubatch=1024 o layers:CUDA0=20).</translation>
    </message>
    <message>
        <source>“{value}” is not a value {knob} can take ({expected}).</source>
        <translation>«{value}» no es un valor que {knob} pueda tomar ({expected}).</translation>
    </message>
    <message>
        <source>A benchmark variant cannot change “{knob}”; it can change: {knobs}.</source>
        <translation>Una variante del benchmark no puede cambiar «{knob}»; puede cambiar: {knobs}.</translation>
    </message>
    <message>
        <source>{variant}: tensor parallelism splits every layer across the devices, so a variant cannot also move layers between them.</source>
        <translation>{variant}: el paralelismo de tensores reparte cada capa entre los dispositivos, así que una variante no puede además mover capas entre ellos.</translation>
    </message>
    <message>
        <source>A comparison takes {least} to {most} variants, not {count}.</source>
        <translation>Una comparación admite de {least} a {most} variantes, no {count}.</translation>
    </message>
    <message>
        <source>{variant} started only after the engine&apos;s recovery changed it, so it was not measured.</source>
        <translation>{variant} solo arrancó después de que la recuperación del motor la cambiara, así que no se midió.</translation>
    </message>
    <message>
        <source>A context of {ctx} tokens leaves no room for a benchmark prompt and the {tokens} tokens it writes.</source>
        <translation>Un contexto de {ctx} tokens no deja espacio para un prompt de benchmark y los {tokens} tokens que escribe.</translation>
    </message>
    <message>
        <source>The engine did not answer a benchmark request for {variant}.</source>
        <translation>El motor no respondió a una petición del benchmark para {variant}.</translation>
    </message>
    <message>
        <source>A benchmark request was stopped from elsewhere, so the benchmark ended.</source>
        <translation>Una petición del benchmark se detuvo desde otro lugar, así que el benchmark terminó.</translation>
    </message>
    <message>
        <source>The engine&apos;s answer had no timings, so nothing could be measured.</source>
        <translation>La respuesta del motor no traía tiempos, así que no se pudo medir nada.</translation>
    </message>
    <message>
        <source>The benchmark could not be written to {path}: {reason}.</source>
        <translation>No se pudo escribir el benchmark en {path}: {reason}.</translation>
    </message>
    <message>
        <source>Not tried: the time budget was spent.</source>
        <translation>No probado: se agotó el tiempo disponible.</translation>
    </message>
    <message>
        <source>{fastest} generates {ratio} times as fast as {slower}.</source>
        <translation>{fastest} genera {ratio} veces más rápido que {slower}.</translation>
    </message>
    <message>
        <source>{fastest} reads prompts {ratio} times as fast as {slower}.</source>
        <translation>{fastest} lee los prompts {ratio} veces más rápido que {slower}.</translation>
    </message>
    <message>
        <source>{fastest} and {slower} generate about as fast: the gap ({ratio} times) is within the spread of their runs.</source>
        <translation>{fastest} y {slower} generan casi igual de rápido: la diferencia ({ratio} veces) está dentro de la dispersión de sus ejecuciones.</translation>
    </message>
    <message>
        <source>{fastest} and {slower} read prompts about as fast: the gap ({ratio} times) is within the spread of their runs.</source>
        <translation>{fastest} y {slower} leen los prompts casi igual de rápido: la diferencia ({ratio} veces) está dentro de la dispersión de sus ejecuciones.</translation>
    </message>
    <message>
        <source>With one run each there is no spread, so whether a difference is more than noise is unknown: measure more runs.</source>
        <translation>Con una sola ejecución de cada una no hay dispersión, así que no se sabe si una diferencia es más que ruido: mida más ejecuciones.</translation>
    </message>
    <message>
        <source>A chat answer is being written. Stop it first: a benchmark loads other plans of the model in its place.</source>
        <translation>Se está escribiendo una respuesta del chat. Deténgala primero: una prueba de rendimiento carga otros planes del modelo en su lugar.</translation>
    </message>
    <message>
        <source>A benchmark is running already. Wait for it, or cancel it first.</source>
        <translation>Ya hay una prueba de rendimiento en marcha. Espere a que termine o cancélela primero.</translation>
    </message>
    <message>
        <source>“{wanted}” does not name one model here; choose one of: {choices}.</source>
        <translation>«{wanted}» no nombra un único modelo aquí; elija uno de: {choices}.</translation>
    </message>
    <message>
        <source>The API key file {path} cannot be read.</source>
        <translation>No se puede leer el archivo de clave de API {path}.</translation>
    </message>
    <message>
        <source>The API key is empty.</source>
        <translation>La clave de API está vacía.</translation>
    </message>
    <message>
        <source>The connection limit must be at least 1, not {given}.</source>
        <translation>El límite de conexiones debe ser al menos 1, no {given}.</translation>
    </message>
    <message>
        <source>Listening on {host} lets other machines connect: give --api-key or --api-key-file.</source>
        <translation>Escuchar en {host} permite que otras máquinas se conecten: indique --api-key o --api-key-file.</translation>
    </message>
    <message>
        <source>The prompt takes {prompt_tokens} tokens, but the model&apos;s context holds {context_tokens}: shorten it or give a larger --ctx.</source>
        <translation>El prompt ocupa {prompt_tokens} tokens, pero el contexto del modelo admite {context_tokens}: acórtelo o indique un --ctx mayor.</translation>
    </message>
    <message>
        <source>This engine has no speculative decoding type “{spec_type}”; it knows {choices}.</source>
        <translation>Este motor no tiene el tipo de decodificación especulativa «{spec_type}»; conoce {choices}.</translation>
    </message>
    <message>
        <source>This computer has no address {host} to listen on.</source>
        <translation>Este equipo no tiene la dirección {host} para escuchar en ella.</translation>
    </message>
    <message>
        <source>The command studio {command} stopped on an unexpected problem; the details are in {log}.</source>
        <translation>El comando studio {command} se detuvo por un problema inesperado; los detalles están en {log}.</translation>
    </message>
    <message>
        <source>The MCP servers file {path} cannot be read.</source>
        <translation>No se puede leer el archivo de servidores MCP {path}.</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is not a regular file, so it is not read.</source>
        <translation>El archivo de servidores MCP {path} no es un archivo normal, por lo que no se lee.</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is larger than {limit}, so it is not read.</source>
        <translation>El archivo de servidores MCP {path} ocupa más de {limit}, por lo que no se lee.</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is not UTF-8 text.</source>
        <translation>El archivo de servidores MCP {path} no es texto UTF-8.</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is not valid JSON (line {line}, column {column}).</source>
        <translation>El archivo de servidores MCP {path} no es JSON válido (línea {line}, columna {column}).</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is nested too deeply to be read.</source>
        <translation>El archivo de servidores MCP {path} está anidado a demasiada profundidad para leerlo.</translation>
    </message>
    <message>
        <source>The file {path} has no “mcpServers” object, so it names no MCP servers.</source>
        <translation>El archivo {path} no tiene un objeto «mcpServers», por lo que no nombra ningún servidor MCP.</translation>
    </message>
    <message>
        <source>There can be at most {most} MCP servers.</source>
        <translation>Puede haber como máximo {most} servidores MCP.</translation>
    </message>
    <message>
        <source>The MCP server {server} must be a JSON object.</source>
        <translation>El servidor MCP {server} debe ser un objeto JSON.</translation>
    </message>
    <message>
        <source>“{server}” cannot name an MCP server: use up to 64 letters, digits, spaces, dots, dashes and underscores, starting with a letter or a digit.</source>
        <translation>«{server}» no puede nombrar un servidor MCP: use hasta 64 letras, dígitos, espacios, puntos, guiones y guiones bajos, empezando por una letra o un dígito.</translation>
    </message>
    <message>
        <source>The MCP server {server} needs a “command” to run or a “url” to connect to.</source>
        <translation>El servidor MCP {server} necesita un «command» que ejecutar o una «url» a la que conectarse.</translation>
    </message>
    <message>
        <source>The MCP server {server} has both a “command” and a “url”; keep one of them.</source>
        <translation>El servidor MCP {server} tiene a la vez «command» y «url»; conserve solo uno de ellos.</translation>
    </message>
    <message>
        <source>The MCP server {server} has the type “{type}”; Studio runs “stdio” and “http” (streamable HTTP) servers.</source>
        <translation>El servidor MCP {server} tiene el tipo «{type}»; Studio ejecuta servidores «stdio» y «http» (HTTP transmisible).</translation>
    </message>
    <message>
        <source>The MCP server {server} has the type “{type}”, which does not go with its “command” or “url”.</source>
        <translation>El servidor MCP {server} tiene el tipo «{type}», que no corresponde a su «command» o «url».</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} must be text.</source>
        <translation>«{field}» del servidor MCP {server} debe ser un texto.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} must be a list of texts.</source>
        <translation>«{field}» del servidor MCP {server} debe ser una lista de textos.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} must be an object whose values are texts.</source>
        <translation>«{field}» del servidor MCP {server} debe ser un objeto cuyos valores sean textos.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} must be true or false.</source>
        <translation>«{field}» del servidor MCP {server} debe ser true o false.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} is empty.</source>
        <translation>«{field}» del servidor MCP {server} está vacío.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} holds a text longer than {most} characters.</source>
        <translation>«{field}» del servidor MCP {server} contiene un texto de más de {most} caracteres.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} has more than {most} entries.</source>
        <translation>«{field}» del servidor MCP {server} tiene más de {most} entradas.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} holds a NUL character or a line break, which it cannot pass on.</source>
        <translation>«{field}» del servidor MCP {server} contiene un carácter NUL o un salto de línea, que no puede transmitir.</translation>
    </message>
    <message>
        <source>“{entry}” is not a valid name in the “{field}” of the MCP server {server}.</source>
        <translation>«{entry}» no es un nombre válido en «{field}» del servidor MCP {server}.</translation>
    </message>
    <message>
        <source>The MCP server {server} has the URL “{url}”, which is not an http:// or https:// address.</source>
        <translation>El servidor MCP {server} tiene la URL «{url}», que no es una dirección http:// ni https://.</translation>
    </message>
    <message>
        <source>The list of MCP servers cannot be saved to {path}.</source>
        <translation>No se puede guardar la lista de servidores MCP en {path}.</translation>
    </message>
    <message>
        <source>There is no MCP server called {server}.</source>
        <translation>No hay ningún servidor MCP llamado {server}.</translation>
    </message>
    <message>
        <source>There is already an MCP server called {server}; choose another name.</source>
        <translation>Ya hay un servidor MCP llamado {server}; elija otro nombre.</translation>
    </message>
    <message>
        <source>The line “{line}” in the “{field}” of the MCP server {server} needs a “{separator}” between the name and the value.</source>
        <translation>La línea «{line}» de «{field}» del servidor MCP {server} necesita un «{separator}» entre el nombre y el valor.</translation>
    </message>
    <message>
        <source>The MCP server {server} could not start: the program {command} was not found.</source>
        <translation>El servidor MCP {server} no pudo iniciarse: no se encontró el programa {command}.</translation>
    </message>
    <message>
        <source>The MCP server {server} could not start {command}: {reason}.</source>
        <translation>El servidor MCP {server} no pudo iniciar {command}: {reason}.</translation>
    </message>
    <message>
        <source>The MCP server {server} cannot be reached at {url}.</source>
        <translation>No se puede conectar con el servidor MCP {server} en {url}.</translation>
    </message>
    <message>
        <source>The MCP server {server} did not answer within {seconds} seconds.</source>
        <translation>El servidor MCP {server} no respondió en {seconds} segundos.</translation>
    </message>
    <message>
        <source>The MCP server {server} stopped unexpectedly.</source>
        <translation>El servidor MCP {server} se detuvo inesperadamente.</translation>
    </message>
    <message>
        <source>The MCP server {server} answered with an error: {reason}</source>
        <translation>El servidor MCP {server} respondió con un error: {reason}</translation>
    </message>
    <message>
        <source>The tool {tool} of the MCP server {server} could not be called: {reason}</source>
        <translation>No se pudo llamar a la herramienta {tool} del servidor MCP {server}: {reason}</translation>
    </message>
    <message>
        <source>The tool {tool} of the MCP server {server} answered with a result MCP does not allow.</source>
        <translation>La herramienta {tool} del servidor MCP {server} respondió con un resultado que MCP no permite.</translation>
    </message>
    <message>
        <source>The MCP server {server} is not running.</source>
        <translation>El servidor MCP {server} no está en ejecución.</translation>
    </message>
    <message>
        <source>No running MCP server offers a tool called {tool}.</source>
        <translation>Ningún servidor MCP en ejecución ofrece una herramienta llamada {tool}.</translation>
    </message>
    <message>
        <source>The tool&apos;s arguments are not valid JSON (line {line}, column {column}).</source>
        <translation>Los argumentos de la herramienta no son JSON válido (línea {line}, columna {column}).</translation>
    </message>
    <message>
        <source>The tool&apos;s arguments must be a JSON object.</source>
        <translation>Los argumentos de la herramienta deben ser un objeto JSON.</translation>
    </message>
    <message>
        <source>{device} needs {needed} but may use {budget}.</source>
        <translation>{device} necesita {needed}, pero puede usar {budget}.</translation>
    </message>
    <message>
        <source>{device} takes at most {limit} in one tensor: {kept} of weights stay in system memory.</source>
        <translation>{device} admite como máximo {limit} en un tensor: {kept} de pesos se quedan en la memoria del sistema.</translation>
    </message>
    <message>
        <source>System RAM needs {needed} but may use {budget}.</source>
        <translation>La RAM del sistema necesita {needed}, pero puede usar {budget}.</translation>
    </message>
    <message>
        <source>Nothing fits, even at a context of {ctx}: choose a smaller quant or free memory.</source>
        <translation>No cabe nada, ni siquiera con un contexto de {ctx}: elija una cuantización más pequeña o libere memoria.</translation>
    </message>
    <message>
        <source>{requested} layers were asked for; the model has {maximum}.</source>
        <translation>Se pidieron {requested} capas; el modelo tiene {maximum}.</translation>
    </message>
    <message>
        <source>A remembered device is not present any more ({key}).</source>
        <translation>Un dispositivo recordado ya no está presente ({key}).</translation>
    </message>
    <message>
        <source>This model is dense: it has no experts to keep on the CPU.</source>
        <translation>Este modelo es denso: no tiene expertos que dejar en la CPU.</translation>
    </message>
    <message>
        <source>Experts on the CPU reduced from {requested} to {maximum} layers.</source>
        <translation>Expertos en la CPU reducidos de {requested} a {maximum} capas.</translation>
    </message>
    <message>
        <source>Tensor parallelism needs two or more devices.</source>
        <translation>El paralelismo de tensores necesita dos o más dispositivos.</translation>
    </message>
    <message>
        <source>Tensor parallelism needs flash attention on.</source>
        <translation>El paralelismo de tensores necesita activar flash attention.</translation>
    </message>
    <message>
        <source>Tensor parallelism needs an unquantized KV cache (not {cache_type}).</source>
        <translation>El paralelismo de tensores necesita una caché KV sin cuantizar (no {cache_type}).</translation>
    </message>
    <message>
        <source>Tensor parallelism does not support the {architecture} architecture.</source>
        <translation>El paralelismo de tensores no admite la arquitectura {architecture}.</translation>
    </message>
    <message>
        <source>This llama-server build has no tensor split mode.</source>
        <translation>Esta versión de llama-server no tiene modo de reparto por tensores.</translation>
    </message>
    <message>
        <source>Tensor parallelism keeps every expert on the GPUs; experts on the CPU were reset.</source>
        <translation>El paralelismo de tensores mantiene todos los expertos en las GPU; se restablecieron los expertos en la CPU.</translation>
    </message>
    <message>
        <source>Tensor parallelism needs the whole model on the GPUs, which does not fit: layer split is used.</source>
        <translation>El paralelismo de tensores necesita todo el modelo en las GPU, y no cabe: se usa el reparto por capas.</translation>
    </message>
    <message>
        <source>This llama-server build has no {cache_type} KV cache.</source>
        <translation>Esta versión de llama-server no tiene caché KV {cache_type}.</translation>
    </message>
    <message>
        <source>The model has no MTP layers for speculative decoding.</source>
        <translation>El modelo no tiene capas MTP para la decodificación especulativa.</translation>
    </message>
    <message>
        <source>The model declares MTP layers but their tensors are missing (layers {layers}): the conversion dropped them.</source>
        <translation>El modelo declara capas MTP, pero faltan sus tensores (capas {layers}): la conversión los descartó.</translation>
    </message>
    <message>
        <source>This llama-server build has no MTP speculative decoding.</source>
        <translation>Esta versión de llama-server no tiene decodificación especulativa MTP.</translation>
    </message>
    <message>
        <source>MTP and a draft model cannot be used together.</source>
        <translation>MTP y un modelo de borrador no se pueden usar a la vez.</translation>
    </message>
    <message>
        <source>A context of {requested} is below the minimum {minimum}.</source>
        <translation>Un contexto de {requested} está por debajo del mínimo de {minimum}.</translation>
    </message>
    <message>
        <source>A context of {requested} is above the {trained} the model was trained for.</source>
        <translation>Un contexto de {requested} supera los {trained} con los que se entrenó el modelo.</translation>
    </message>
    <message>
        <source>Context rounded from {requested} to {planned}.</source>
        <translation>Contexto redondeado de {requested} a {planned}.</translation>
    </message>
    <message>
        <source>Context reduced from {trained} to {planned} to fit.</source>
        <translation>Contexto reducido de {trained} a {planned} para que quepa.</translation>
    </message>
    <message>
        <source>{variable}={value} from the environment is used.</source>
        <translation>Se usa {variable}={value} del entorno.</translation>
    </message>
    <message>
        <source>{variable}={value} from the environment is ignored (cleared for the engine).</source>
        <translation>{variable}={value} del entorno se ignora (se borra para el motor).</translation>
    </message>
    <message>
        <source>{device} cannot be used by this engine ({why}).</source>
        <translation>Este motor no puede usar {device} ({why}).</translation>
    </message>
    <message>
        <source>This llama-server build has no flash attention switch.</source>
        <translation>Esta versión de llama-server no tiene opción de flash attention.</translation>
    </message>
    <message>
        <source>This llama-server build cannot change the KV cache type.</source>
        <translation>Esta versión de llama-server no puede cambiar el tipo de caché KV.</translation>
    </message>
    <message>
        <source>This llama-server build has no draft-model speculative decoding.</source>
        <translation>Esta versión de llama-server no tiene decodificación especulativa con modelo de borrador.</translation>
    </message>
    <message>
        <source>No mmproj file was found beside the model.</source>
        <translation>No se encontró ningún archivo mmproj junto al modelo.</translation>
    </message>
    <message>
        <source>This llama-server build cannot load a projector.</source>
        <translation>Esta versión de llama-server no puede cargar un proyector.</translation>
    </message>
    <message>
        <source>Tensor parallelism keeps every expert on the GPUs.</source>
        <translation>El paralelismo de tensores mantiene todos los expertos en las GPU.</translation>
    </message>
    <message>
        <source>Tensor parallelism splits every layer over the devices.</source>
        <translation>El paralelismo de tensores reparte cada capa entre los dispositivos.</translation>
    </message>
    <message>
        <source>The llama-server engine cannot be run ({path}): it is not an executable file.</source>
        <translation>No se puede ejecutar el motor llama-server ({path}): no es un archivo ejecutable.</translation>
    </message>
    <message>
        <source>The disk is full: {path} could not be written.</source>
        <translation>El disco está lleno: no se pudo escribir {path}.</translation>
    </message>
    <message>
        <source>The conversation could not be saved, so this answer stopped where it was last saved.</source>
        <translation>No se pudo guardar la conversación, así que esta respuesta se detuvo donde se guardó por última vez.</translation>
    </message>
    <message>
        <source>The model file does not exist.</source>
        <translation>El archivo del modelo no existe.</translation>
    </message>
    <message>
        <source>The benchmark could not be written to {path}.</source>
        <translation>No se pudo escribir el benchmark en {path}.</translation>
    </message>
    <message>
        <source>The file is not a valid GGUF model (truncated or corrupt).</source>
        <translation>El archivo no es un modelo GGUF válido (truncado o dañado).</translation>
    </message>
    <message>
        <source>The engine exited before it said why.</source>
        <translation>El motor terminó antes de indicar el motivo.</translation>
    </message>
    <message>
        <source>This conversation no longer fits the model&apos;s context. Start a new conversation, let the chat drop the oldest messages (Inspector &gt; Context), or load the model with a larger context.</source>
        <translation>Esta conversación ya no cabe en el contexto del modelo. Empiece una conversación nueva, deje que el chat omita los mensajes más antiguos (Inspector &gt; Contexto) o cargue el modelo con un contexto mayor.</translation>
    </message>
    <message>
        <source>The engine was stopped by a signal ({signal}).</source>
        <translation>Una señal detuvo el motor ({signal}).</translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s) run on the CPU to fit.</source>
        <translation>
            <numerusform>%n capa se ejecuta en la CPU para que quepa.</numerusform>
            <numerusform>%n capas se ejecutan en la CPU para que quepa.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The experts of %n layer(s) stay on the CPU to fit.</source>
        <translation>
            <numerusform>Los expertos de %n capa se quedan en la CPU para que quepa.</numerusform>
            <numerusform>Los expertos de %n capas se quedan en la CPU para que quepa.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) of this conversation could not be read and are left out; the rest is shown.</source>
        <translation>
            <numerusform>%n mensaje de esta conversación no se pudo leer y se omite; se muestra el resto.</numerusform>
            <numerusform>%n mensajes de esta conversación no se pudieron leer y se omiten; se muestra el resto.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n preset(s) in your presets file could not be used and are left out.</source>
        <translation>
            <numerusform>%n preajuste de tu archivo de preajustes no se pudo usar y se omite.</numerusform>
            <numerusform>%n preajustes de tu archivo de preajustes no se pudieron usar y se omiten.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %n oldest message(s) were left out of this request so that it fits the model&apos;s context.</source>
        <translation>
            <numerusform>Se omitió %n mensaje, el más antiguo, de esta solicitud para que quepa en el contexto del modelo.</numerusform>
            <numerusform>Se omitieron los %n mensajes más antiguos de esta solicitud para que quepa en el contexto del modelo.</numerusform>
        </translation>
    </message>
    <message>
        <source>Something went wrong ({code}).</source>
        <translation>Algo salió mal ({code}).</translation>
    </message>
    <message>
        <source>no data for a while</source>
        <translation>sin datos durante un rato</translation>
    </message>
    <message>
        <source>the connection dropped</source>
        <translation>se cortó la conexión</translation>
    </message>
    <message>
        <source>cannot connect</source>
        <translation>no se puede conectar</translation>
    </message>
    <message>
        <source>the bytes did not match the checksum</source>
        <translation>los datos no coincidían con la suma de comprobación</translation>
    </message>
    <message>
        <source>the server refused to resume</source>
        <translation>el servidor se negó a reanudar</translation>
    </message>
    <message>
        <source>the server sent too much</source>
        <translation>el servidor envió demasiados datos</translation>
    </message>
    <message>
        <source>server error {status}</source>
        <translation>error del servidor {status}</translation>
    </message>
    <message>
        <source>Retried on another port</source>
        <translation>Reintentado en otro puerto</translation>
    </message>
    <message>
        <source>Retried with flash attention off</source>
        <translation>Reintentado con flash attention desactivado</translation>
    </message>
    <message>
        <source>Retried with the vision projector on the CPU</source>
        <translation>Reintentado con el proyector de visión en la CPU</translation>
    </message>
    <message>
        <source>Retried without the vision projector</source>
        <translation>Reintentado sin el proyector de visión</translation>
    </message>
    <message>
        <source>Retried without speculative decoding</source>
        <translation>Reintentado sin decodificación especulativa</translation>
    </message>
    <message>
        <source>Retried with layer split instead of tensor parallel</source>
        <translation>Reintentado con reparto por capas en lugar de paralelismo de tensores</translation>
    </message>
    <message>
        <source>Retried with a smaller plan</source>
        <translation>Reintentado con un plan más pequeño</translation>
    </message>
    <message>
        <source>Retried with a context of {ctx} (it goes no lower than {floor})</source>
        <translation>Reintentado con un contexto de {ctx} (no baja de {floor})</translation>
    </message>
    <message>
        <source>Retried with a {cache_type} KV cache</source>
        <translation>Reintentado con una caché KV {cache_type}</translation>
    </message>
    <message>
        <source>Retried with the experts of {layers} layers on the CPU</source>
        <translation>Reintentado con los expertos de {layers} capas en la CPU</translation>
    </message>
    <message>
        <source>Retried with {layers} layers left on {device}</source>
        <translation>Reintentado dejando {layers} capas en {device}</translation>
    </message>
    <message>
        <source>{step}, after: {cause}</source>
        <translation>{step}, tras: {cause}</translation>
    </message>
    <message>
        <source>Not tested (an engine before it runs)</source>
        <translation>Sin probar (un motor anterior funciona)</translation>
    </message>
    <message>
        <source>Runs on this CPU</source>
        <translation>Funciona en esta CPU</translation>
    </message>
    <message>
        <source>Cannot run here: built for {built_for}; this CPU has {cpu}.</source>
        <translation>No funciona aquí: compilado para {built_for}; esta CPU tiene {cpu}.</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>Ningún modelo cargado</translation>
    </message>
    <message>
        <source>Loading</source>
        <translation>Cargando</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Listo</translation>
    </message>
    <message>
        <source>Crashed</source>
        <translation>Bloqueado</translation>
    </message>
    <message>
        <source>Restarting after a crash</source>
        <translation>Reiniciando tras un bloqueo</translation>
    </message>
    <message>
        <source>Stopping</source>
        <translation>Deteniendo</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Falló</translation>
    </message>
    <message>
        <source>starting the engine</source>
        <translation>iniciando el motor</translation>
    </message>
    <message>
        <source>loading the weights</source>
        <translation>cargando los pesos</translation>
    </message>
    <message>
        <source>creating the context</source>
        <translation>creando el contexto</translation>
    </message>
    <message>
        <source>warming up</source>
        <translation>calentando</translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>cargado</translation>
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
        <translation>Cargando {model}…</translation>
    </message>
    <message>
        <source>{model} is ready.</source>
        <translation>{model} está listo.</translation>
    </message>
    <message>
        <source>The engine stopped unexpectedly; restarting it…</source>
        <translation>El motor se detuvo inesperadamente; reiniciándolo…</translation>
    </message>
    <message>
        <source>The engine crashed and was restarted; {model} is ready again.</source>
        <translation>El motor se bloqueó y se reinició; {model} vuelve a estar listo.</translation>
    </message>
    <message>
        <source>{model} could not start as planned. {step}.</source>
        <translation>{model} no pudo iniciarse según lo previsto. {step}.</translation>
    </message>
    <message>
        <source>{model} could not be loaded: {reason}</source>
        <translation>No se pudo cargar {model}: {reason}</translation>
    </message>
    <message>
        <source>{model} was unloaded.</source>
        <translation>Se liberó {model}.</translation>
    </message>
    <message>
        <source>{model} was not loaded automatically: the app closed unexpectedly while loading it last time. Load it again from the Library when you are ready.</source>
        <translation>{model} no se cargó automáticamente: la aplicación se cerró inesperadamente mientras lo cargaba la última vez. Vuelva a cargarlo desde la Biblioteca cuando quiera.</translation>
    </message>
    <message>
        <source>The last model, {model}, was not loaded automatically: its file is gone.</source>
        <translation>El último modelo, {model}, no se cargó automáticamente: su archivo ya no existe.</translation>
    </message>
    <message>
        <source>The model</source>
        <translation>El modelo</translation>
    </message>
</context>
<context>
    <name>ServerPage</name>
    <message>
        <source>Memory: predicted, allocated by the engine, in use now</source>
        <translation>Memoria: prevista, reservada por el motor, en uso ahora</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Engine state</source>
        <translation>Estado del motor</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modelo</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Contexto</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>Proceso</translation>
    </message>
    <message>
        <source>Recovery</source>
        <translation>Recuperación</translation>
    </message>
    <message>
        <source>Unload model</source>
        <translation>Liberar el modelo</translation>
    </message>
    <message>
        <source>Unload the model and stop the engine</source>
        <translation>Liberar el modelo y detener el motor</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Motor</translation>
    </message>
    <message>
        <source>Probing…</source>
        <translation>Comprobando…</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Versión</translation>
    </message>
    <message>
        <source>Binary</source>
        <translation>Ejecutable</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Dispositivos</translation>
    </message>
    <message>
        <source>Supports</source>
        <translation>Admite</translation>
    </message>
    <message>
        <source>Address of the running engine</source>
        <translation>Dirección del motor en ejecución</translation>
    </message>
    <message>
        <source>Engine address</source>
        <translation>Dirección del motor</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copiar</translation>
    </message>
    <message>
        <source>Command line of the engine, secrets redacted</source>
        <translation>Línea de comandos del motor, sin secretos</translation>
    </message>
    <message>
        <source>Copy the command line</source>
        <translation>Copiar la línea de comandos</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Comando</translation>
    </message>
    <message>
        <source>Engine log</source>
        <translation>Registro del motor</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>Seguir</translation>
    </message>
    <message>
        <source>Scroll to new log lines</source>
        <translation>Desplazarse a las líneas nuevas del registro</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Ninguno</translation>
    </message>
    <message numerus="yes">
        <source>{ctx} tokens, %n slot(s)</source>
        <translation>
            <numerusform>{ctx} tokens, %n ranura</numerusform>
            <numerusform>{ctx} tokens, %n ranuras</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>pid {pid}; %n start(s), {respawns} after a crash</source>
        <translation>
            <numerusform>PID {pid}; %n inicio, {respawns} tras un bloqueo</numerusform>
            <numerusform>PID {pid}; %n inicios, {respawns} tras un bloqueo</numerusform>
        </translation>
    </message>
    <message>
        <source>llama-server {version} ({source})</source>
        <translation>llama-server {version} ({source})</translation>
    </message>
    <message>
        <source>{name}: {description}, {free} of {total} MiB free</source>
        <translation>{name}: {description}, {free} de {total} MiB libres</translation>
    </message>
    <message>
        <source>None: models run on the CPU</source>
        <translation>Ninguno: los modelos se ejecutan en la CPU</translation>
    </message>
    <message>
        <source>MoE experts on the CPU</source>
        <translation>Expertos MoE en la CPU</translation>
    </message>
    <message>
        <source>tensor parallel</source>
        <translation>paralelismo de tensores</translation>
    </message>
    <message>
        <source>RPC devices</source>
        <translation>Dispositivos RPC</translation>
    </message>
    <message>
        <source>vision projectors</source>
        <translation>proyectores de visión</translation>
    </message>
    <message>
        <source>MTP speculative decoding</source>
        <translation>Decodificación especulativa MTP</translation>
    </message>
    <message>
        <source>KV cache types: {types}</source>
        <translation>Tipos de caché KV: {types}</translation>
    </message>
    <message>
        <source>Unavailable: {detail}</source>
        <translation>No disponible: {detail}</translation>
    </message>
</context>
<context>
    <name>ServerStatusLabel</name>
    <message>
        <source>Model and engine state</source>
        <translation>Estado del modelo y del motor</translation>
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
        <translation>Motor</translation>
    </message>
    <message>
        <source>Bundled llama-server</source>
        <translation>llama-server incluido</translation>
    </message>
    <message>
        <source>llama-server binary</source>
        <translation>Ejecutable de llama-server</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Examinar…</translation>
    </message>
    <message>
        <source>Choose the llama-server binary</source>
        <translation>Elegir el ejecutable de llama-server</translation>
    </message>
    <message>
        <source>Use bundled</source>
        <translation>Usar el incluido</translation>
    </message>
    <message>
        <source>Use the bundled llama-server</source>
        <translation>Usar el llama-server incluido</translation>
    </message>
    <message>
        <source>Binary</source>
        <translation>Ejecutable</translation>
    </message>
    <message>
        <source>Not probed yet</source>
        <translation>Aún sin comprobar</translation>
    </message>
    <message>
        <source>Engine status</source>
        <translation>Estado del motor</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Engines found on this computer</source>
        <translation>Motores encontrados en este equipo</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Versión</translation>
    </message>
    <message>
        <source>CPU variant</source>
        <translation>Variante de CPU</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <source>Engine columns</source>
        <translation>Columnas de motores</translation>
    </message>
    <message>
        <source>Found</source>
        <translation>Encontrados</translation>
    </message>
    <message>
        <source>Use selected engine</source>
        <translation>Usar el motor seleccionado</translation>
    </message>
    <message>
        <source>Build engine for this computer…</source>
        <translation>Compilar motor para este equipo…</translation>
    </message>
    <message>
        <source>A different engine is used from the next start.</source>
        <translation>Se usará otro motor a partir del próximo inicio.</translation>
    </message>
    <message>
        <source>Model folders</source>
        <translation>Carpetas de modelos</translation>
    </message>
    <message>
        <source>Folders searched for GGUF models</source>
        <translation>Carpetas donde se buscan modelos GGUF</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>Añadir carpeta…</translation>
    </message>
    <message>
        <source>Add a model folder</source>
        <translation>Añadir una carpeta de modelos</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>Remove the selected model folder</source>
        <translation>Quitar la carpeta de modelos seleccionada</translation>
    </message>
    <message>
        <source>Remote devices (llama.cpp RPC)</source>
        <translation>Dispositivos remotos (RPC de llama.cpp)</translation>
    </message>
    <message>
        <source>Machines running ggml-rpc-server, as host:port. Their memory appears in the load dialog beside your GPUs.</source>
        <translation>Equipos que ejecutan ggml-rpc-server, como host:puerto. Su memoria aparece en el diálogo de carga junto a sus GPU.</translation>
    </message>
    <message>
        <source>Remote RPC devices</source>
        <translation>Dispositivos RPC remotos</translation>
    </message>
    <message>
        <source>New remote device as host:port</source>
        <translation>Nuevo dispositivo remoto como host:puerto</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Añadir</translation>
    </message>
    <message>
        <source>Add the remote device</source>
        <translation>Añadir el dispositivo remoto</translation>
    </message>
    <message>
        <source>Remove the selected remote device</source>
        <translation>Quitar el dispositivo remoto seleccionado</translation>
    </message>
    <message>
        <source>Hugging Face</source>
        <translation>Hugging Face</translation>
    </message>
    <message>
        <source>Hugging Face endpoint</source>
        <translation>Punto de acceso de Hugging Face</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>Punto de acceso</translation>
    </message>
    <message>
        <source>System proxy settings</source>
        <translation>Configuración de proxy del sistema</translation>
    </message>
    <message>
        <source>Proxy for downloads</source>
        <translation>Proxy para las descargas</translation>
    </message>
    <message>
        <source>Proxy</source>
        <translation>Proxy</translation>
    </message>
    <message>
        <source>Hugging Face access token</source>
        <translation>Token de acceso de Hugging Face</translation>
    </message>
    <message>
        <source>Save token</source>
        <translation>Guardar token</translation>
    </message>
    <message>
        <source>Check and save the access token</source>
        <translation>Comprobar y guardar el token de acceso</translation>
    </message>
    <message>
        <source>Remove token</source>
        <translation>Quitar token</translation>
    </message>
    <message>
        <source>Remove the stored access token</source>
        <translation>Quitar el token de acceso guardado</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>Token</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>Apariencia</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Idioma</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Predeterminado del sistema</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Tema</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Según el sistema</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Claro</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Oscuro</translation>
    </message>
    <message numerus="yes">
        <source>llama-server {version} ({source}) at {path}; %n device(s)</source>
        <translation>
            <numerusform>llama-server {version} ({source}) en {path}; %n dispositivo</numerusform>
            <numerusform>llama-server {version} ({source}) en {path}; %n dispositivos</numerusform>
        </translation>
    </message>
    <message>
        <source>The engine cannot be used: {detail}</source>
        <translation>No se puede usar el motor: {detail}</translation>
    </message>
    <message>
        <source>Checking the engine…</source>
        <translation>Comprobando el motor…</translation>
    </message>
    <message>
        <source>Choose llama-server</source>
        <translation>Elegir llama-server</translation>
    </message>
    <message>
        <source>Choose a folder with models</source>
        <translation>Elija una carpeta con modelos</translation>
    </message>
    <message>
        <source>A token is stored: {masked}</source>
        <translation>Hay un token guardado: {masked}</translation>
    </message>
    <message>
        <source>No token: gated and private models cannot be downloaded.</source>
        <translation>Sin token: no se pueden descargar modelos restringidos ni privados.</translation>
    </message>
    <message>
        <source>Paste a token first.</source>
        <translation>Pegue primero un token.</translation>
    </message>
    <message>
        <source>Checking the token with Hugging Face…</source>
        <translation>Comprobando el token con Hugging Face…</translation>
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
        <translation>Mostrar u ocultar la barra lateral</translation>
    </message>
    <message>
        <source>Show or hide the sidebar (Ctrl+B)</source>
        <translation>Mostrar u ocultar la barra lateral (Ctrl+B)</translation>
    </message>
    <message>
        <source>Areas</source>
        <translation>Secciones</translation>
    </message>
</context>
<context>
    <name>StudioAreas</name>
    <message>
        <source>&amp;Open GGUF…</source>
        <translation>&amp;Abrir GGUF…</translation>
    </message>
    <message>
        <source>&amp;Unload</source>
        <translation>&amp;Liberar</translation>
    </message>
    <message>
        <source>Unload &amp;All</source>
        <translation>Liberar &amp;todo</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Configuración</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
</context>
<context>
    <name>TextFileDrops</name>
    <message>
        <source>**{name}** ({tokens} tokens)</source>
        <translation>**{name}** ({tokens} tokens)</translation>
    </message>
</context>
<context>
    <name>ThumbnailCache</name>
    <message>
        <source>image</source>
        <translation>imagen</translation>
    </message>
    <message>
        <source>{name} (the image file is missing)</source>
        <translation>{name} (falta el archivo de imagen)</translation>
    </message>
</context>
<context>
    <name>ToolApprovalPrompt</name>
    <message>
        <source>Tool call waiting for your approval</source>
        <translation>Llamada a herramienta pendiente de su aprobación</translation>
    </message>
    <message>
        <source>Arguments of the call</source>
        <translation>Argumentos de la llamada</translation>
    </message>
    <message>
        <source>&amp;Allow once</source>
        <translation>Permitir &amp;una vez</translation>
    </message>
    <message>
        <source>A&amp;lways allow this tool</source>
        <translation>Permitir &amp;siempre esta herramienta</translation>
    </message>
    <message>
        <source>Runs this tool without asking for the rest of this conversation.</source>
        <translation>Ejecuta esta herramienta sin preguntar durante el resto de esta conversación.</translation>
    </message>
    <message>
        <source>&amp;Deny</source>
        <translation>&amp;Denegar</translation>
    </message>
    <message>
        <source>“Always” lasts for this conversation until Studio quits. Enter allows once, Esc denies; a denied call is not run and the model is told.</source>
        <translation>«Siempre» vale para esta conversación hasta que se cierre Studio. Intro permite una vez y Esc deniega; una llamada denegada no se ejecuta y se avisa al modelo.</translation>
    </message>
    <message>
        <source>Run the tool {tool} of the MCP server {server}?</source>
        <translation>¿Ejecutar la herramienta {tool} del servidor MCP {server}?</translation>
    </message>
    <message>
        <source>Run the tool {tool}?</source>
        <translation>¿Ejecutar la herramienta {tool}?</translation>
    </message>
</context>
<context>
    <name>ToolBlocks</name>
    <message>
        <source>(name not written yet)</source>
        <translation>(nombre aún no escrito)</translation>
    </message>
    <message>
        <source>result typed by you</source>
        <translation>resultado escrito a mano</translation>
    </message>
    <message>
        <source>ran on {server}</source>
        <translation>ejecutada en {server}</translation>
    </message>
    <message>
        <source>not run on {server}</source>
        <translation>no ejecutada en {server}</translation>
    </message>
    <message>
        <source>waiting for your approval</source>
        <translation>esperando su aprobación</translation>
    </message>
    <message>
        <source>running on {server}…</source>
        <translation>ejecutándose en {server}…</translation>
    </message>
    <message>
        <source>being written…</source>
        <translation>escribiéndose…</translation>
    </message>
    <message>
        <source>waiting for a result</source>
        <translation>esperando un resultado</translation>
    </message>
</context>
<context>
    <name>ToolResultDialog</name>
    <message>
        <source>Result of {name}</source>
        <translation>Resultado de {name}</translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation>Resultado de la herramienta</translation>
    </message>
    <message>
        <source>What the tool returned, e.g. {&quot;temp_c&quot;: 21}</source>
        <translation>Lo que devolvió la herramienta, p. ej. {&quot;temp_c&quot;: 21}</translation>
    </message>
    <message>
        <source>{name} was called with:</source>
        <translation>Se llamó a {name} con:</translation>
    </message>
    <message>
        <source>Send result</source>
        <translation>Enviar resultado</translation>
    </message>
</context>
<context>
    <name>ToolsPanel</name>
    <message>
        <source>Tool definitions (JSON)</source>
        <translation>Definiciones de herramientas (JSON)</translation>
    </message>
    <message>
        <source>Tool choice</source>
        <translation>Elección de herramienta</translation>
    </message>
    <message>
        <source>Model decides</source>
        <translation>Decide el modelo</translation>
    </message>
    <message>
        <source>Must call a tool</source>
        <translation>Debe llamar a una herramienta</translation>
    </message>
    <message>
        <source>No calls</source>
        <translation>Sin llamadas</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Llamadas</translation>
    </message>
    <message>
        <source>Tools from MCP servers</source>
        <translation>Herramientas de servidores MCP</translation>
    </message>
    <message>
        <source>Offers the tools of the MCP servers set up in Settings; each call runs once you allow it.</source>
        <translation>Ofrece las herramientas de los servidores MCP definidos en Configuración; cada llamada se ejecuta cuando usted la permite.</translation>
    </message>
    <message>
        <source>Rounds of tool calls per question</source>
        <translation>Rondas de llamadas a herramientas por pregunta</translation>
    </message>
    <message>
        <source>How many answers in a row may call tools before the chat stops them.</source>
        <translation>Cuántas respuestas seguidas pueden llamar a herramientas antes de que el chat las detenga.</translation>
    </message>
    <message>
        <source>Rounds at most</source>
        <translation>Rondas como máximo</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Herramientas</translation>
    </message>
    <message>
        <source>Show token probabilities</source>
        <translation>Mostrar probabilidades de los tokens</translation>
    </message>
    <message>
        <source>Token probabilities</source>
        <translation>Probabilidades de los tokens</translation>
    </message>
    <message>
        <source>This model&apos;s chat template does not describe tools: it cannot call them.</source>
        <translation>La plantilla de chat de este modelo no describe herramientas: no puede llamarlas.</translation>
    </message>
    <message>
        <source>The chat asks before each call: allow it once, always for that tool, or deny it.</source>
        <translation>El chat pregunta antes de cada llamada: permitirla una vez, siempre para esa herramienta, o denegarla.</translation>
    </message>
    <message>
        <source>MCP servers are not available in this window.</source>
        <translation>Los servidores MCP no están disponibles en esta ventana.</translation>
    </message>
    <message>
        <source>Not while tools are set: the engine sends no probabilities with tools.</source>
        <translation>No mientras haya herramientas definidas: con herramientas, el motor no envía probabilidades.</translation>
    </message>
    <message>
        <source>Tints each token of an answer by how likely it was; hover a token to see the alternatives.</source>
        <translation>Colorea cada token de una respuesta según su probabilidad; pase el puntero sobre un token para ver las alternativas.</translation>
    </message>
</context>
<context>
    <name>VariantGrid</name>
    <message>
        <source>Base (this plan)</source>
        <translation>Base (este plan)</translation>
    </message>
    <message>
        <source>Add a variant</source>
        <translation>Añadir una variante</translation>
    </message>
    <message>
        <source>Add a variant to compare with the base</source>
        <translation>Añadir una variante para compararla con la base</translation>
    </message>
    <message>
        <source>on</source>
        <translation>activado</translation>
    </message>
    <message>
        <source>off</source>
        <translation>desactivado</translation>
    </message>
    <message>
        <source>{n} layers on {device}</source>
        <translation>{n} capas en {device}</translation>
    </message>
    <message>
        <source>Layers on {device}</source>
        <translation>Capas en {device}</translation>
    </message>
    <message>
        <source>Layers with experts on the CPU</source>
        <translation>Capas con expertos en la CPU</translation>
    </message>
    <message>
        <source>experts of {n} layers on the CPU</source>
        <translation>expertos de {n} capas en la CPU</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>Paralelismo de tensores</translation>
    </message>
    <message>
        <source>tensor parallel</source>
        <translation>paralelismo de tensores</translation>
    </message>
    <message>
        <source>split by layer</source>
        <translation>repartido por capas</translation>
    </message>
    <message>
        <source>KV cache type</source>
        <translation>Tipo de caché KV</translation>
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
        <translation>flash attention activado</translation>
    </message>
    <message>
        <source>flash attention off</source>
        <translation>flash attention desactivado</translation>
    </message>
    <message>
        <source>Micro-batch (tokens)</source>
        <translation>Microlote (tokens)</translation>
    </message>
    <message>
        <source>micro-batch {n}</source>
        <translation>microlote {n}</translation>
    </message>
    <message>
        <source>CPU threads</source>
        <translation>Hilos de CPU</translation>
    </message>
    <message>
        <source>threads {n}</source>
        <translation>hilos {n}</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>automático</translation>
    </message>
</context>
<context>
    <name>WaysIn</name>
    <message>
        <source>No models yet. Start from a GGUF file you have, a folder of them, or find one on Hugging Face.</source>
        <translation>Aún no hay modelos. Empiece con un archivo GGUF que tenga, una carpeta de ellos, o busque uno en Hugging Face.</translation>
    </message>
    <message>
        <source>Open GGUF file…</source>
        <translation>Abrir archivo GGUF…</translation>
    </message>
    <message>
        <source>Add a folder…</source>
        <translation>Añadir una carpeta…</translation>
    </message>
    <message>
        <source>Discover</source>
        <translation>Descubrir</translation>
    </message>
    <message>
        <source>Search Hugging Face for GGUF models</source>
        <translation>Buscar modelos GGUF en Hugging Face</translation>
    </message>
</context>
<context>
    <name>_Column</name>
    <message>
        <source>Remove</source>
        <translation>Quitar</translation>
    </message>
    <message>
        <source>{knob} of variant {n}</source>
        <translation>{knob} de la variante {n}</translation>
    </message>
    <message>
        <source>Remove variant {n}</source>
        <translation>Quitar la variante {n}</translation>
    </message>
    <message>
        <source>same as the base</source>
        <translation>igual que la base</translation>
    </message>
</context>
<context>
    <name>context</name>
    <message>
        <source>{document}, page {page}</source>
        <translation>{document}, página {page}</translation>
    </message>
</context>
<context>
    <name>parent</name>
    <message>
        <source>Use {device}</source>
        <translation>Usar {device}</translation>
    </message>
    <message>
        <source>Layers on {device}</source>
        <translation>Capas en {device}</translation>
    </message>
    <message>
        <source>Choose a draft model</source>
        <translation>Elegir un modelo de borrador</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>Modelos GGUF (*.gguf)</translation>
    </message>
    <message>
        <source>The plan does not fit</source>
        <translation>El plan no cabe</translation>
    </message>
    <message>
        <source>This plan needs more memory than is free. Loading it may fail with an out-of-memory error, or slow the whole computer down.</source>
        <translation>Este plan necesita más memoria de la que hay libre. La carga puede fallar por falta de memoria o ralentizar todo el equipo.</translation>
    </message>
    <message>
        <source>Load anyway</source>
        <translation>Cargar de todos modos</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>Imagen PNG (*.png)</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>Tabla CSV (*.csv)</translation>
    </message>
    <message>
        <source>JSON document (*.json)</source>
        <translation>Documento JSON (*.json)</translation>
    </message>
    <message>
        <source>Export the benchmark</source>
        <translation>Exportar la prueba de rendimiento</translation>
    </message>
</context>
<context>
    <name>text</name>
    <message>
        <source>Reconnecting in {delay:.0f} s ({reason})</source>
        <translation>Reconexión en {delay:.0f} s ({reason})</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>En cola</translation>
    </message>
    <message>
        <source>Checking disk space</source>
        <translation>Comprobando el espacio en disco</translation>
    </message>
    <message>
        <source>Downloading</source>
        <translation>Descargando</translation>
    </message>
    <message>
        <source>Reconnecting</source>
        <translation>Reconectando</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>En pausa</translation>
    </message>
    <message>
        <source>Done, verified</source>
        <translation>Terminada, verificada</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Falló</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Cancelada</translation>
    </message>
</context>
</TS>
