<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
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
        <translation>Tient sur le GPU · contexte de {context}</translation>
    </message>
    <message>
        <source>Partly on CPU ({gpu}/{total} layers on GPU) · {context} context</source>
        <translation>Partiellement sur le CPU ({gpu}/{total} couches sur le GPU) · contexte de {context}</translation>
    </message>
    <message>
        <source>CPU only · {context} context</source>
        <translation>CPU uniquement · contexte de {context}</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>Ne tient pas</translation>
    </message>
    <message>
        <source>Unknown</source>
        <translation>Inconnu</translation>
    </message>
    <message>
        <source>{arch}, {params} parameters. Needs {gpu} on GPUs and {host} in RAM at {context} context (trained: {trained}).</source>
        <translation>{arch}, {params} paramètres. Nécessite {gpu} sur les GPU et {host} en RAM avec un contexte de {context} (entraîné : {trained}).</translation>
    </message>
    <message>
        <source>Older version</source>
        <translation>Version précédente</translation>
    </message>
    <message>
        <source>Newer version</source>
        <translation>Version plus récente</translation>
    </message>
    <message>
        <source>{position}/{count}</source>
        <translation>{position}/{count}</translation>
    </message>
    <message>
        <source>chosen in Settings</source>
        <translation>choisi dans les Réglages</translation>
    </message>
    <message>
        <source>from STUDIO_LLAMA_SERVER</source>
        <translation>de STUDIO_LLAMA_SERVER</translation>
    </message>
    <message>
        <source>built here</source>
        <translation>compilé ici</translation>
    </message>
    <message>
        <source>bundled</source>
        <translation>fourni</translation>
    </message>
    <message>
        <source>on the PATH</source>
        <translation>dans le PATH</translation>
    </message>
    <message>
        <source>System RAM</source>
        <translation>Mémoire vive du système</translation>
    </message>
</context>
<context>
    <name>AlertBanner</name>
    <message>
        <source>Dismiss</source>
        <translation>Fermer</translation>
    </message>
</context>
<context>
    <name>ApiPanel</name>
    <message>
        <source>Local API (OpenAI-compatible)</source>
        <translation>API locale (compatible OpenAI)</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>Port</translation>
    </message>
    <message>
        <source>Port of the local API</source>
        <translation>Port de l’API locale</translation>
    </message>
    <message>
        <source>Reachable from other computers on the network</source>
        <translation>Accessible depuis les autres ordinateurs du réseau</translation>
    </message>
    <message>
        <source>Address</source>
        <translation>Adresse</translation>
    </message>
    <message>
        <source>Base URL of the local API</source>
        <translation>URL de base de l’API locale</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <source>Copy the API address</source>
        <translation>Copier l’adresse de l’API</translation>
    </message>
    <message>
        <source>API key</source>
        <translation>Clé d’API</translation>
    </message>
    <message>
        <source>Made when the API first starts</source>
        <translation>Créée au premier démarrage de l’API</translation>
    </message>
    <message>
        <source>API key clients must send</source>
        <translation>Clé d’API que les clients doivent envoyer</translation>
    </message>
    <message>
        <source>Copy the API key</source>
        <translation>Copier la clé d’API</translation>
    </message>
    <message>
        <source>New key</source>
        <translation>Nouvelle clé</translation>
    </message>
    <message>
        <source>Make a new API key; the old one stops working</source>
        <translation>Créer une nouvelle clé d’API ; l’ancienne cesse de fonctionner</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Statut</translation>
    </message>
    <message>
        <source>Requests the local API answered</source>
        <translation>Requêtes auxquelles l’API locale a répondu</translation>
    </message>
    <message>
        <source>Request columns</source>
        <translation>Colonnes des requêtes</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Heure</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>Client</translation>
    </message>
    <message>
        <source>Request</source>
        <translation>Requête</translation>
    </message>
    <message>
        <source>Took</source>
        <translation>Durée</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Erreur</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Démarrer</translation>
    </message>
    <message>
        <source>Stop the local API</source>
        <translation>Arrêter l’API locale</translation>
    </message>
    <message>
        <source>Start the local API</source>
        <translation>Démarrer l’API locale</translation>
    </message>
    <message>
        <source>The local API needs an engine; choose one in Settings &gt; Engine.</source>
        <translation>L’API locale a besoin d’un moteur ; choisissez-en un dans Paramètres &gt; Moteur.</translation>
    </message>
    <message>
        <source>Running. Programs use the address as their OpenAI base URL and the key as their API key; they get the model loaded here, or name another from the Library to load it.</source>
        <translation>En cours. Les programmes utilisent l’adresse comme URL de base OpenAI et la clé comme clé d’API ; ils obtiennent le modèle chargé ici, ou en nomment un autre de la Bibliothèque pour le charger.</translation>
    </message>
    <message>
        <source>Other computers on your network can reach it.</source>
        <translation>Les autres ordinateurs de votre réseau peuvent l’atteindre.</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Démarrage…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Arrêt en cours…</translation>
    </message>
    <message>
        <source>Stopped. Start it to let other programs chat with the model loaded here.</source>
        <translation>Arrêtée. Démarrez-la pour que d’autres programmes discutent avec le modèle chargé ici.</translation>
    </message>
    <message>
        <source>client left</source>
        <translation>client parti</translation>
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
            <numerusform>%n requête</numerusform>
            <numerusform>%n requêtes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with an error</source>
        <translation>
            <numerusform>%n en erreur</numerusform>
            <numerusform>%n en erreur</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>BenchDialog</name>
    <message>
        <source>Benchmark {model}</source>
        <translation>Banc d&apos;essai de {model}</translation>
    </message>
    <message>
        <source>Variants of the plan</source>
        <translation>Variantes du plan</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Résultats</translation>
    </message>
    <message>
        <source>How to measure</source>
        <translation>Comment mesurer</translation>
    </message>
    <message>
        <source>Runs per variant</source>
        <translation>Passages par variante</translation>
    </message>
    <message>
        <source>Prompt lengths in tokens</source>
        <translation>Longueurs de prompt en tokens</translation>
    </message>
    <message>
        <source>Those longer than the context are left out.</source>
        <translation>Celles qui dépassent le contexte sont laissées de côté.</translation>
    </message>
    <message>
        <source>Prompt lengths (tokens)</source>
        <translation>Longueurs de prompt (tokens)</translation>
    </message>
    <message>
        <source>Tokens written per request</source>
        <translation>Tokens écrits par requête</translation>
    </message>
    <message>
        <source>Tokens written</source>
        <translation>Tokens écrits</translation>
    </message>
    <message>
        <source>Find the fastest…</source>
        <translation>Trouver le plus rapide…</translation>
    </message>
    <message>
        <source>Search around this plan for the fastest plan that fits</source>
        <translation>Chercher autour de ce plan le plan le plus rapide qui tient</translation>
    </message>
    <message>
        <source>Start the search</source>
        <translation>Lancer la recherche</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Pas maintenant</translation>
    </message>
    <message>
        <source>Do not start the search</source>
        <translation>Ne pas lancer la recherche</translation>
    </message>
    <message>
        <source>Benchmark progress</source>
        <translation>Progression du banc d&apos;essai</translation>
    </message>
    <message>
        <source>Cancel the benchmark</source>
        <translation>Annuler le banc d&apos;essai</translation>
    </message>
    <message>
        <source>Benchmark this plan</source>
        <translation>Mesurer ce plan</translation>
    </message>
    <message>
        <source>Run the A/B</source>
        <translation>Lancer l&apos;A/B</translation>
    </message>
    <message>
        <source>Measure this plan</source>
        <translation>Mesurer ce plan</translation>
    </message>
    <message numerus="yes">
        <source>Measure the base and %n variant(s) in turn</source>
        <translation>
            <numerusform>Mesurer tour à tour la base et %n variante</numerusform>
            <numerusform>Mesurer tour à tour la base et %n variantes</numerusform>
        </translation>
    </message>
    <message>
        <source>Planning the variants…</source>
        <translation>Planification des variantes…</translation>
    </message>
    <message>
        <source>Planning the variants to try…</source>
        <translation>Planification des variantes à essayer…</translation>
    </message>
    <message>
        <source>{variants} variants to try, {runs} runs at most: about {time}.</source>
        <translation>{variants} variantes à essayer, {runs} passages au plus : environ {time}.</translation>
    </message>
    <message>
        <source>Estimated from the last benchmark of this plan.</source>
        <translation>Estimé d&apos;après le dernier banc d&apos;essai de ce plan.</translation>
    </message>
    <message>
        <source>A rough guess: nothing was measured yet.</source>
        <translation>Une estimation grossière : rien n&apos;a encore été mesuré.</translation>
    </message>
    <message numerus="yes">
        <source>%n more do not fit and are left out.</source>
        <translation>
            <numerusform>%n de plus ne tient pas et est laissé de côté.</numerusform>
            <numerusform>%n de plus ne tiennent pas et sont laissés de côté.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n second(s)</source>
        <translation>
            <numerusform>%n seconde</numerusform>
            <numerusform>%n secondes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n minute(s)</source>
        <translation>
            <numerusform>%n minute</numerusform>
            <numerusform>%n minutes</numerusform>
        </translation>
    </message>
    <message>
        <source>Starting the search…</source>
        <translation>Lancement de la recherche…</translation>
    </message>
    <message>
        <source>Loading {variant}…</source>
        <translation>Chargement de {variant}…</translation>
    </message>
    <message>
        <source>Warming up {variant}…</source>
        <translation>Préchauffage de {variant}…</translation>
    </message>
    <message>
        <source>Measuring {variant}: run {run} of {runs}…</source>
        <translation>Mesure de {variant} : passage {run} sur {runs}…</translation>
    </message>
    <message>
        <source>Loading again what was loaded before…</source>
        <translation>Rechargement de ce qui était chargé avant…</translation>
    </message>
    <message>
        <source>Done.</source>
        <translation>Terminé.</translation>
    </message>
    <message>
        <source>Cancelled; what was loaded before is loaded again.</source>
        <translation>Annulé ; ce qui était chargé avant est de nouveau chargé.</translation>
    </message>
    <message>
        <source>Stopping, then loading again what was loaded before…</source>
        <translation>Arrêt, puis rechargement de ce qui était chargé avant…</translation>
    </message>
</context>
<context>
    <name>BenchPlots</name>
    <message>
        <source>Benchmark plots</source>
        <translation>Graphiques du banc d&apos;essai</translation>
    </message>
    <message>
        <source>The figures are plotted here once a benchmark has run.</source>
        <translation>Les chiffres s&apos;affichent ici en graphique dès qu&apos;un banc d&apos;essai a tourné.</translation>
    </message>
    <message>
        <source>Generation (tokens/s)</source>
        <translation>Génération (tokens/s)</translation>
    </message>
    <message>
        <source>Prompt processing (tokens/s)</source>
        <translation>Traitement du prompt (tokens/s)</translation>
    </message>
    <message>
        <source>Memory per device</source>
        <translation>Mémoire par appareil</translation>
    </message>
    <message>
        <source>Memory per device ({unit})</source>
        <translation>Mémoire par appareil ({unit})</translation>
    </message>
    <message>
        <source>{device}: {size}</source>
        <translation>{device} : {size}</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Poids</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>Cache KV</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Calcul</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>Surcoût</translation>
    </message>
    <message>
        <source>Prompt cache</source>
        <translation>Cache de prompts</translation>
    </message>
</context>
<context>
    <name>BenchResults</name>
    <message>
        <source>The measured plan to use</source>
        <translation>Le plan mesuré à utiliser</translation>
    </message>
    <message>
        <source>Use this plan</source>
        <translation>Utiliser ce plan</translation>
    </message>
    <message>
        <source>Put this plan into the load dialog</source>
        <translation>Reporter ce plan dans la boîte de chargement</translation>
    </message>
    <message>
        <source>Earlier results for this model and devices</source>
        <translation>Résultats précédents pour ce modèle et ces appareils</translation>
    </message>
    <message>
        <source>Earlier results</source>
        <translation>Résultats précédents</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exporter…</translation>
    </message>
    <message>
        <source>Save the result as PNG, CSV or JSON</source>
        <translation>Enregistrer le résultat en PNG, CSV ou JSON</translation>
    </message>
    <message>
        <source>Fastest: {variant}.</source>
        <translation>Le plus rapide : {variant}.</translation>
    </message>
    <message>
        <source>{variant}: {generation} tokens/s generating, {prompt} tokens/s reading the prompt, the first token after {first} s.</source>
        <translation>{variant} : {generation} tokens/s en génération, {prompt} tokens/s en lecture du prompt, premier token après {first} s.</translation>
    </message>
    <message>
        <source>{variant}: {problem}</source>
        <translation>{variant} : {problem}</translation>
    </message>
    <message>
        <source>{variant}: stopped after one run, clearly slower.</source>
        <translation>{variant} : arrêtée après un passage, nettement plus lente.</translation>
    </message>
    <message>
        <source>benchmark</source>
        <translation>banc d&apos;essai</translation>
    </message>
    <message>
        <source>A/B</source>
        <translation>A/B</translation>
    </message>
    <message>
        <source>search for the fastest</source>
        <translation>recherche du plus rapide</translation>
    </message>
    <message>
        <source>{when}, {kind}: {variants}</source>
        <translation>{when}, {kind} : {variants}</translation>
    </message>
    <message>
        <source>{changes}: used for this load, not remembered for the next.</source>
        <translation>{changes} : utilisé pour ce chargement, non retenu pour le suivant.</translation>
    </message>
    <message>
        <source>{changes}: not part of a plan, so a load from the dialog leaves it to the engine.</source>
        <translation>{changes} : ne fait pas partie d&apos;un plan, donc un chargement depuis la boîte le laisse au moteur.</translation>
    </message>
    <message>
        <source>Saved to {path}.</source>
        <translation>Enregistré dans {path}.</translation>
    </message>
</context>
<context>
    <name>ChatFirst</name>
    <message>
        <source>Open a GGUF model</source>
        <translation>Ouvrir un modèle GGUF</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>Modèles GGUF (*.gguf)</translation>
    </message>
    <message>
        <source>Add a folder of GGUF models</source>
        <translation>Ajouter un dossier de modèles GGUF</translation>
    </message>
    <message>
        <source>{model} could not be loaded: {reason}</source>
        <translation>{model} n’a pas pu être chargé : {reason}</translation>
    </message>
    <message>
        <source>The model</source>
        <translation>Le modèle</translation>
    </message>
    <message>
        <source>Change load settings…</source>
        <translation>Modifier les réglages de chargement…</translation>
    </message>
</context>
<context>
    <name>ChatPane</name>
    <message>
        <source>No model loaded.</source>
        <translation>Aucun modèle chargé.</translation>
    </message>
    <message>
        <source>Cancel edit</source>
        <translation>Annuler la modification</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Message</translation>
    </message>
    <message>
        <source>Message (Enter sends, Shift+Enter starts a new line)</source>
        <translation>Message (Entrée pour envoyer, Maj+Entrée pour aller à la ligne)</translation>
    </message>
    <message>
        <source>Send</source>
        <translation>Envoyer</translation>
    </message>
    <message>
        <source>Send the message</source>
        <translation>Envoyer le message</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Arrêter</translation>
    </message>
    <message>
        <source>Stop the answer</source>
        <translation>Arrêter la réponse</translation>
    </message>
    <message>
        <source>Show or hide the inspector</source>
        <translation>Afficher ou masquer l’inspecteur</translation>
    </message>
    <message>
        <source>System prompt, sampling and memory</source>
        <translation>Prompt système, échantillonnage et mémoire</translation>
    </message>
    <message>
        <source>{problem}
Your saved conversations are left as they are; conversations in this session will not be kept.</source>
        <translation>{problem}
Vos conversations enregistrées restent telles quelles ; celles de cette session ne seront pas conservées.</translation>
    </message>
    <message>
        <source>Editing an earlier message: sending makes a new version of it and answers anew; the conversation that followed the old one stays, a page away.</source>
        <translation>Modification d’un message précédent : l’envoi en crée une nouvelle version et relance la réponse ; la conversation qui suivait l’ancienne version reste disponible, une page plus loin.</translation>
    </message>
    <message>
        <source>Resend</source>
        <translation>Renvoyer</translation>
    </message>
    <message>
        <source>&lt;b&gt;New conversation&lt;/b&gt;</source>
        <translation>&lt;b&gt;Nouvelle conversation&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Load a model to chat.</source>
        <translation>Chargez un modèle pour discuter.</translation>
    </message>
</context>
<context>
    <name>CitationLinks</name>
    <message>
        <source>Sources: {links}</source>
        <translation>Sources : {links}</translation>
    </message>
</context>
<context>
    <name>ContextMeter</name>
    <message>
        <source>{used} / {size} tokens</source>
        <translation>{used} / {size} jetons</translation>
    </message>
    <message>
        <source>The system prompt, the conversation and your message, in the model&apos;s tokens</source>
        <translation>L’invite système, la conversation et votre message, en jetons du modèle</translation>
    </message>
    <message>
        <source>This does not fit whole: it needs {used} tokens and the context holds {size}, so the oldest messages will be left out of the request.</source>
        <translation>Cela ne tient pas en entier : il faut {used} jetons et le contexte en contient {size} ; les messages les plus anciens seront donc omis de la requête.</translation>
    </message>
    <message>
        <source>This message does not fit even without the earlier messages: with the system prompt it needs {floor} tokens and the context holds {size}. Shorten it or load the model with a larger context.</source>
        <translation>Ce message ne tient pas, même sans les messages précédents : avec l’invite système, il nécessite {floor} jetons et le contexte en contient {size}. Raccourcissez-le ou chargez le modèle avec un contexte plus grand.</translation>
    </message>
    <message>
        <source>Sending now needs {used} tokens, but the context holds {size}. Shorten the message, start a new conversation, or let the chat drop the oldest messages (Inspector &gt; Context).</source>
        <translation>L’envoi nécessite maintenant {used} jetons, mais le contexte n’en contient que {size}. Raccourcissez le message, commencez une nouvelle conversation ou laissez la discussion omettre les messages les plus anciens (Inspecteur &gt; Contexte).</translation>
    </message>
    <message>
        <source>The context is nearly full: {left} tokens are left for this answer and what follows.</source>
        <translation>Le contexte est presque plein : il reste {left} jetons pour cette réponse et la suite.</translation>
    </message>
</context>
<context>
    <name>ContextSettings</name>
    <message>
        <source>Thinking budget</source>
        <translation>Budget de réflexion</translation>
    </message>
    <message>
        <source>No limit</source>
        <translation>Sans limite</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> jetons</translation>
    </message>
    <message>
        <source>How many tokens the model may think before it must answer.</source>
        <translation>Nombre de jetons que le modèle peut consacrer à la réflexion avant de devoir répondre.</translation>
    </message>
    <message>
        <source>When the context is full</source>
        <translation>Quand le contexte est plein</translation>
    </message>
    <message>
        <source>Stop and say so</source>
        <translation>S’arrêter et le signaler</translation>
    </message>
    <message>
        <source>Drop the oldest messages</source>
        <translation>Omettre les messages les plus anciens</translation>
    </message>
    <message>
        <source>Dropping leaves the oldest messages out of the request (never the system prompt) until it fits; the conversation itself keeps them.</source>
        <translation>L’omission retire les messages les plus anciens de la requête (jamais l’invite système) jusqu’à ce qu’elle tienne ; la conversation elle-même les conserve.</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Contexte</translation>
    </message>
</context>
<context>
    <name>ConversationList</name>
    <message>
        <source>Search conversations</source>
        <translation>Rechercher dans les conversations</translation>
    </message>
    <message>
        <source>Conversations</source>
        <translation>Conversations</translation>
    </message>
    <message>
        <source>New conversation</source>
        <translation>Nouvelle conversation</translation>
    </message>
    <message>
        <source>Rename the conversation</source>
        <translation>Renommer la conversation</translation>
    </message>
    <message>
        <source>Delete the conversation</source>
        <translation>Supprimer la conversation</translation>
    </message>
    <message>
        <source>Export the conversation</source>
        <translation>Exporter la conversation</translation>
    </message>
    <message numerus="yes">
        <source>{when} · %n message(s)</source>
        <translation>
            <numerusform>{when} · %n message</numerusform>
            <numerusform>{when} · %n messages</numerusform>
        </translation>
    </message>
    <message>
        <source>Rename conversation</source>
        <translation>Renommer la conversation</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>Titre :</translation>
    </message>
    <message>
        <source>Delete conversation</source>
        <translation>Supprimer la conversation</translation>
    </message>
    <message>
        <source>Delete “{title}” and all its messages?</source>
        <translation>Supprimer « {title} » et tous ses messages ?</translation>
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
        <translation>Exporter la conversation</translation>
    </message>
</context>
<context>
    <name>ConversationView</name>
    <message>
        <source>Conversation</source>
        <translation>Conversation</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Vous</translation>
    </message>
    <message>
        <source>System</source>
        <translation>Système</translation>
    </message>
    <message>
        <source>Assistant ({model})</source>
        <translation>Assistant ({model})</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistant</translation>
    </message>
    <message>
        <source>Thinking… ({count} characters)</source>
        <translation>Réflexion… ({count} caractères)</translation>
    </message>
    <message>
        <source>Reasoning ({count} characters)</source>
        <translation>Raisonnement ({count} caractères)</translation>
    </message>
    <message>
        <source>code</source>
        <translation>code</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Modifier</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Régénérer</translation>
    </message>
    <message>
        <source>{rate:.1f} tokens/s</source>
        <translation>{rate:.1f} jetons/s</translation>
    </message>
    <message>
        <source>first token {ms:.0f} ms</source>
        <translation>premier jeton {ms:.0f} ms</translation>
    </message>
    <message>
        <source>{n} tokens</source>
        <translation>{n} jetons</translation>
    </message>
    <message>
        <source>Writing…</source>
        <translation>Rédaction…</translation>
    </message>
    <message>
        <source>Stopped.</source>
        <translation>Arrêté.</translation>
    </message>
</context>
<context>
    <name>DeviceMemoryBar</name>
    <message>
        <source>Memory of {device}</source>
        <translation>Mémoire de {device}</translation>
    </message>
    <message>
        <source>Plan {plan} of {usable} usable ({free} free of {total})</source>
        <translation>Plan {plan} sur {usable} utilisables ({free} libres sur {total})</translation>
    </message>
    <message>
        <source>Includes a prompt cache of {cache} that fills with use</source>
        <translation>Inclut un cache de prompts de {cache} qui se remplit à l&apos;usage</translation>
    </message>
    <message>
        <source>{over} over budget</source>
        <translation>{over} au-delà du budget</translation>
    </message>
    <message>
        <source>Models staying loaded hold {taken}</source>
        <translation>Les modèles qui restent chargés occupent {taken}</translation>
    </message>
    <message>
        <source>Engine allocated {actual} (predicted {plan})</source>
        <translation>Le moteur a alloué {actual} (prévu {plan})</translation>
    </message>
    <message>
        <source>In use now: {live}</source>
        <translation>Utilisé maintenant : {live}</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Poids</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>Cache KV</translation>
    </message>
    <message>
        <source>Compute buffers</source>
        <translation>Tampons de calcul</translation>
    </message>
    <message>
        <source>Output buffer and overhead</source>
        <translation>Tampon de sortie et surcoût</translation>
    </message>
    <message>
        <source>Prompt cache (fills with use)</source>
        <translation>Cache de prompts (se remplit à l&apos;usage)</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>Prévu</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Moteur</translation>
    </message>
</context>
<context>
    <name>DeviceMemoryView</name>
    <message>
        <source>Looking for devices…</source>
        <translation>Recherche des appareils…</translation>
    </message>
    <message>
        <source>Device memory</source>
        <translation>Mémoire de l’appareil</translation>
    </message>
    <message>
        <source>The loaded model&apos;s engine holds {size} of RAM.</source>
        <translation>Le moteur du modèle chargé occupe {size} de RAM.</translation>
    </message>
    <message>
        <source>The engine could not be started:
{detail}</source>
        <translation>Le moteur n’a pas pu démarrer :
{detail}</translation>
    </message>
    <message>
        <source>{name}: {free} of {total} MiB free</source>
        <translation>{name} : {free} Mio libres sur {total}</translation>
    </message>
    <message>
        <source>No GPU found: models run on the CPU.</source>
        <translation>Aucun GPU trouvé : les modèles tournent sur le CPU.</translation>
    </message>
    <message>
        <source>{name}: {free} of {total} free</source>
        <translation>{name} : {free} libres sur {total}</translation>
    </message>
</context>
<context>
    <name>DeviceSharesBar</name>
    <message>
        <source>Loaded models on {device}</source>
        <translation>Modèles chargés sur {device}</translation>
    </message>
    <message>
        <source>{model}: {predicted} predicted</source>
        <translation>{model} : {predicted} prévus</translation>
    </message>
    <message>
        <source>{model}: {predicted} predicted ({cache} of it a prompt cache that fills with use), {allocated} allocated</source>
        <translation>{model} : {predicted} prévus (dont {cache} de cache de prompts qui se remplit à l’usage), {allocated} alloués</translation>
    </message>
    <message>
        <source>{model}: {predicted} predicted, {allocated} allocated</source>
        <translation>{model} : {predicted} prévus, {allocated} alloués</translation>
    </message>
    <message>
        <source>Together {predicted} of {total}</source>
        <translation>Au total {predicted} sur {total}</translation>
    </message>
</context>
<context>
    <name>DiscoverPage</name>
    <message>
        <source>Search GGUF models, e.g. qwen3 or llama 8b</source>
        <translation>Rechercher des modèles GGUF, par ex. qwen3 ou llama 8b</translation>
    </message>
    <message>
        <source>Search text</source>
        <translation>Texte recherché</translation>
    </message>
    <message>
        <source>Sort results by</source>
        <translation>Trier les résultats par</translation>
    </message>
    <message>
        <source>Most downloaded</source>
        <translation>Les plus téléchargés</translation>
    </message>
    <message>
        <source>Most liked</source>
        <translation>Les plus aimés</translation>
    </message>
    <message>
        <source>Recently updated</source>
        <translation>Mis à jour récemment</translation>
    </message>
    <message>
        <source>Trending</source>
        <translation>Tendances</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Rechercher</translation>
    </message>
    <message>
        <source>Search results</source>
        <translation>Résultats de la recherche</translation>
    </message>
    <message>
        <source>Filter these results</source>
        <translation>Filtrer ces résultats</translation>
    </message>
    <message>
        <source>Filter the search results</source>
        <translation>Filtrer les résultats de la recherche</translation>
    </message>
    <message>
        <source>Load more</source>
        <translation>Afficher plus</translation>
    </message>
    <message>
        <source>Choose a repository to see its files.</source>
        <translation>Choisissez un dépôt pour voir ses fichiers.</translation>
    </message>
    <message>
        <source>Files of the repository</source>
        <translation>Fichiers du dépôt</translation>
    </message>
    <message>
        <source>Include the vision projector (mmproj)</source>
        <translation>Inclure le projecteur de vision (mmproj)</translation>
    </message>
    <message>
        <source>Download into</source>
        <translation>Télécharger dans</translation>
    </message>
    <message>
        <source>Download</source>
        <translation>Télécharger</translation>
    </message>
    <message>
        <source>Into:</source>
        <translation>Dans :</translation>
    </message>
    <message>
        <source>Hugging Face cache</source>
        <translation>Cache Hugging Face</translation>
    </message>
    <message>
        <source>No GGUF repositories match “{query}”.</source>
        <translation>Aucun dépôt GGUF ne correspond à « {query} ».</translation>
    </message>
    <message>
        <source>Loading {repo}…</source>
        <translation>Chargement de {repo}…</translation>
    </message>
    <message>
        <source>License: {license}</source>
        <translation>Licence : {license}</translation>
    </message>
    <message>
        <source>Based on {model}</source>
        <translation>Basé sur {model}</translation>
    </message>
    <message>
        <source>Gated: downloading needs a Hugging Face token with access (Settings).</source>
        <translation>Accès restreint : le téléchargement nécessite un jeton Hugging Face autorisé (Paramètres).</translation>
    </message>
    <message>
        <source>The model card has no summary.</source>
        <translation>La fiche du modèle n’a pas de résumé.</translation>
    </message>
    <message>
        <source>This repository has no GGUF model files.</source>
        <translation>Ce dépôt ne contient aucun fichier de modèle GGUF.</translation>
    </message>
    <message>
        <source>The repository could not be opened.</source>
        <translation>Le dépôt n’a pas pu être ouvert.</translation>
    </message>
    <message>
        <source>Nothing to show without the Hugging Face Hub. Search again once you are online; the models already on this computer are in the Library.</source>
        <translation>Rien à afficher sans le Hugging Face Hub. Relancez la recherche une fois en ligne ; les modèles déjà présents sur cet ordinateur sont dans la Bibliothèque.</translation>
    </message>
    <message>
        <source> + vision projector</source>
        <translation> + projecteur de vision</translation>
    </message>
</context>
<context>
    <name>DocumentsBar</name>
    <message>
        <source>Document…</source>
        <translation>Document…</translation>
    </message>
    <message>
        <source>Attach documents</source>
        <translation>Joindre des documents</translation>
    </message>
    <message>
        <source>Attach PDF, Markdown, text, HTML or Word (.docx) files to this conversation; answers cite the pages they used. You can also drop them on the message box.</source>
        <translation>Joindre des fichiers PDF, Markdown, texte, HTML ou Word (.docx) à cette conversation ; les réponses citent les pages utilisées. Vous pouvez aussi les déposer sur la zone de message.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Stop indexing the documents</source>
        <translation>Arrêter l’indexation des documents</translation>
    </message>
    <message>
        <source>Documents ({patterns})</source>
        <translation>Documents ({patterns})</translation>
    </message>
    <message>
        <source>Reading the documents…</source>
        <translation>Lecture des documents…</translation>
    </message>
    <message>
        <source>Reading {name}…</source>
        <translation>Lecture de {name}…</translation>
    </message>
    <message>
        <source>Indexing {name}: {done} of {total} passages</source>
        <translation>Indexation de {name} : {done} passages sur {total}</translation>
    </message>
    <message numerus="yes">
        <source>%n page(s)</source>
        <translation>
            <numerusform>%n page</numerusform>
            <numerusform>%n pages</numerusform>
        </translation>
    </message>
    <message>
        <source>{passages} passages indexed</source>
        <translation>{passages} passages indexés</translation>
    </message>
    <message>
        <source>Remove {name}</source>
        <translation>Retirer {name}</translation>
    </message>
</context>
<context>
    <name>DocumentsSection</name>
    <message>
        <source>Documents</source>
        <translation>Documents</translation>
    </message>
    <message>
        <source>Embedding model</source>
        <translation>Modèle d’embedding</translation>
    </message>
    <message>
        <source>Attached documents are searched with this model. The chat model embeds with its own engine; another model is loaded beside it and shown in the memory panel.</source>
        <translation>Les documents joints sont interrogés avec ce modèle. Le modèle de discussion calcule les embeddings avec son propre moteur ; un autre modèle est chargé à côté et affiché dans le panneau de mémoire.</translation>
    </message>
    <message>
        <source>The chat model</source>
        <translation>Le modèle de discussion</translation>
    </message>
</context>
<context>
    <name>DownloadPanel</name>
    <message>
        <source>Downloads</source>
        <translation>Téléchargements</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Suspendre</translation>
    </message>
    <message>
        <source>Resume</source>
        <translation>Reprendre</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Clear finished</source>
        <translation>Effacer les terminés</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>Charger…</translation>
    </message>
</context>
<context>
    <name>DownloadsModel</name>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>Progression</translation>
    </message>
    <message>
        <source>Speed</source>
        <translation>Vitesse</translation>
    </message>
    <message>
        <source>Time left</source>
        <translation>Temps restant</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Statut</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation>{done} sur {total}</translation>
    </message>
</context>
<context>
    <name>EngineBuildDialog</name>
    <message>
        <source>Build an engine for this computer</source>
        <translation>Compiler un moteur pour cet ordinateur</translation>
    </message>
    <message>
        <source>GGUF Studio compiles llama.cpp&apos;s llama-server from source for this computer. This takes 15 to 40 minutes and needs a C++ compiler; the app stays usable.</source>
        <translation>GGUF Studio compile le llama-server de llama.cpp à partir des sources pour cet ordinateur. Cela prend 15 à 40 minutes et nécessite un compilateur C++ ; l’application reste utilisable.</translation>
    </message>
    <message>
        <source>Engine variant</source>
        <translation>Variante du moteur</translation>
    </message>
    <message>
        <source>For this CPU (fastest)</source>
        <translation>Pour ce CPU (le plus rapide)</translation>
    </message>
    <message>
        <source>For any x86-64 CPU (portable, slower to build)</source>
        <translation>Pour tout CPU x86-64 (portable, plus long à compiler)</translation>
    </message>
    <message>
        <source>Not started</source>
        <translation>Pas commencé</translation>
    </message>
    <message>
        <source>Build progress</source>
        <translation>Progression de la compilation</translation>
    </message>
    <message>
        <source>Build log</source>
        <translation>Journal de compilation</translation>
    </message>
    <message>
        <source>Build</source>
        <translation>Compiler</translation>
    </message>
    <message>
        <source>Cancel build</source>
        <translation>Annuler la compilation</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Démarrage…</translation>
    </message>
    <message numerus="yes">
        <source>about %n minute(s) left</source>
        <translation>
            <numerusform>environ %n minute restante</numerusform>
            <numerusform>environ %n minutes restantes</numerusform>
        </translation>
    </message>
    <message>
        <source>less than a minute left</source>
        <translation>temps restant : moins d’une minute</translation>
    </message>
    <message>
        <source>Getting the llama.cpp source…</source>
        <translation>Récupération des sources de llama.cpp…</translation>
    </message>
    <message>
        <source>Configuring…</source>
        <translation>Configuration…</translation>
    </message>
    <message>
        <source>Compiling</source>
        <translation>Compilation</translation>
    </message>
    <message>
        <source>Installing…</source>
        <translation>Installation…</translation>
    </message>
    <message>
        <source>Testing the new engine on this CPU…</source>
        <translation>Test du nouveau moteur sur ce CPU…</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Terminé</translation>
    </message>
    <message>
        <source>The new engine runs on this CPU and is used from now on: {path}</source>
        <translation>Le nouveau moteur fonctionne sur ce CPU et sera désormais utilisé : {path}</translation>
    </message>
</context>
<context>
    <name>EngineBuildOffer</name>
    <message>
        <source>No llama-server was found.</source>
        <translation>Aucun llama-server n’a été trouvé.</translation>
    </message>
    <message>
        <source>No engine runs on this computer</source>
        <translation>Aucun moteur ne fonctionne sur cet ordinateur</translation>
    </message>
    <message>
        <source>None of the llama-server engines found can run models on this CPU.</source>
        <translation>Aucun des moteurs llama-server trouvés ne peut exécuter de modèles sur ce CPU.</translation>
    </message>
    <message>
        <source>Build one for this computer now (15 to 40 minutes)?</source>
        <translation>En compiler un pour cet ordinateur maintenant (15 à 40 minutes) ?</translation>
    </message>
    <message>
        <source>Build engine</source>
        <translation>Compiler le moteur</translation>
    </message>
    <message>
        <source>Not now</source>
        <translation>Pas maintenant</translation>
    </message>
</context>
<context>
    <name>EngineStatus</name>
    <message>
        <source>Engine: llama-server {version} ({source})</source>
        <translation>Moteur : llama-server {version} ({source})</translation>
    </message>
    <message>
        <source>Engine unavailable</source>
        <translation>Moteur indisponible</translation>
    </message>
</context>
<context>
    <name>HelpMenu</name>
    <message>
        <source>Online &amp;help</source>
        <translation>&amp;Aide en ligne</translation>
    </message>
    <message>
        <source>&amp;About GGUF Studio</source>
        <translation>À &amp;propos de GGUF Studio</translation>
    </message>
    <message>
        <source>llama-server {version} ({source})</source>
        <translation>llama-server {version} ({source})</translation>
    </message>
    <message>
        <source>not available</source>
        <translation>non disponible</translation>
    </message>
    <message>
        <source>Engine: {engine}</source>
        <translation>Moteur : {engine}</translation>
    </message>
    <message>
        <source>Licence: {licence}</source>
        <translation>Licence : {licence}</translation>
    </message>
    <message>
        <source>About GGUF Studio</source>
        <translation>À propos de GGUF Studio</translation>
    </message>
</context>
<context>
    <name>ImageAttachButton</name>
    <message>
        <source>Image…</source>
        <translation>Image…</translation>
    </message>
    <message>
        <source>Attach images</source>
        <translation>Joindre des images</translation>
    </message>
    <message>
        <source>Attach images (PNG, JPEG, WebP); you can also drop or paste them</source>
        <translation>Joindre des images (PNG, JPEG, WebP) ; vous pouvez aussi les déposer ou les coller</translation>
    </message>
    <message>
        <source>Images (*.png *.jpg *.jpeg *.webp)</source>
        <translation>Images (*.png *.jpg *.jpeg *.webp)</translation>
    </message>
</context>
<context>
    <name>ImageDropFilter</name>
    <message>
        <source>dropped image</source>
        <translation>image déposée</translation>
    </message>
    <message>
        <source>pasted image</source>
        <translation>image collée</translation>
    </message>
</context>
<context>
    <name>Inspector</name>
    <message>
        <source>Inspector</source>
        <translation>Inspecteur</translation>
    </message>
    <message>
        <source>Hide the inspector</source>
        <translation>Masquer l’inspecteur</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Mémoire</translation>
    </message>
</context>
<context>
    <name>LayerSpinBox</name>
    <message>
        <source>{n} layers + output</source>
        <translation>{n} couches + sortie</translation>
    </message>
    <message>
        <source>{n} layers</source>
        <translation>{n} couches</translation>
    </message>
</context>
<context>
    <name>LibraryModel</name>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Architecture</source>
        <translation>Architecture</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <source>Quant</source>
        <translation>Quantification</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Contexte</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
    <message>
        <source>Location</source>
        <translation>Emplacement</translation>
    </message>
    <message>
        <source>Name in the file: {name}</source>
        <translation>Nom dans le fichier : {name}</translation>
    </message>
    <message>
        <source>HF cache: {repo}</source>
        <translation>Cache HF : {repo}</translation>
    </message>
    <message>
        <source>{name} ({count} parts)</source>
        <translation>{name} ({count} parties)</translation>
    </message>
    <message>
        <source>unreadable</source>
        <translation>illisible</translation>
    </message>
    <message>
        <source>{arch} (vision projector)</source>
        <translation>{arch} (projecteur de vision)</translation>
    </message>
</context>
<context>
    <name>LibraryPage</name>
    <message>
        <source>Filter by name, architecture, quant…</source>
        <translation>Filtrer par nom, architecture, quantification…</translation>
    </message>
    <message>
        <source>Filter the models</source>
        <translation>Filtrer les modèles</translation>
    </message>
    <message>
        <source>Models on this computer</source>
        <translation>Modèles sur cet ordinateur</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>Charger…</translation>
    </message>
    <message>
        <source>Rescan</source>
        <translation>Réanalyser</translation>
    </message>
    <message>
        <source>Import a GGUF file…</source>
        <translation>Importer un fichier GGUF…</translation>
    </message>
    <message>
        <source>Show in file manager</source>
        <translation>Afficher dans le gestionnaire de fichiers</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Supprimer…</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>Ajouter un dossier…</translation>
    </message>
    <message>
        <source>Watch a folder for GGUF models; Settings lists the folders watched.</source>
        <translation>Surveiller un dossier de modèles GGUF ; les Paramètres listent les dossiers surveillés.</translation>
    </message>
    <message>
        <source>Import a GGUF model</source>
        <translation>Importer un modèle GGUF</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>Modèles GGUF (*.gguf)</translation>
    </message>
    <message>
        <source>Add a folder of GGUF models</source>
        <translation>Ajouter un dossier de modèles GGUF</translation>
    </message>
    <message>
        <source>It is removed from the Hugging Face cache, for every app that uses it.</source>
        <translation>Il est retiré du cache Hugging Face, pour toutes les applications qui l’utilisent.</translation>
    </message>
    <message>
        <source>The file is deleted from disk.</source>
        <translation>Le fichier est supprimé du disque.</translation>
    </message>
    <message>
        <source>Delete model</source>
        <translation>Supprimer le modèle</translation>
    </message>
    <message>
        <source>Delete {name} ({size})?
{where}</source>
        <translation>Supprimer {name} ({size}) ?
{where}</translation>
    </message>
    <message>
        <source>No GGUF models yet: download one in Discover, import a file or add a folder.</source>
        <translation>Aucun modèle GGUF pour l’instant : téléchargez-en un dans Découvrir, importez un fichier ou ajoutez un dossier.</translation>
    </message>
    <message>
        <source>Imported {name}.</source>
        <translation>{name} importé.</translation>
    </message>
    <message>
        <source>Deleted {name}.</source>
        <translation>{name} supprimé.</translation>
    </message>
</context>
<context>
    <name>LiveMemoryLabel</name>
    <message>
        <source>Memory in use</source>
        <translation>Mémoire utilisée</translation>
    </message>
    <message>
        <source>RAM {used}/{total}</source>
        <translation>RAM {used}/{total}</translation>
    </message>
    <message>
        <source>engine {rss}</source>
        <translation>moteur {rss}</translation>
    </message>
</context>
<context>
    <name>LoadDialog</name>
    <message>
        <source>Load {model}</source>
        <translation>Charger {model}</translation>
    </message>
    <message>
        <source>System RAM</source>
        <translation>Mémoire vive du système</translation>
    </message>
    <message>
        <source>Why the plan looks like this</source>
        <translation>Pourquoi le plan est ainsi</translation>
    </message>
    <message>
        <source>Command that will run:</source>
        <translation>Commande qui sera exécutée :</translation>
    </message>
    <message>
        <source>Command that will run, API key redacted</source>
        <translation>Commande qui sera exécutée, clé d’API masquée</translation>
    </message>
    <message>
        <source>Load</source>
        <translation>Charger</translation>
    </message>
    <message>
        <source>Close without loading</source>
        <translation>Fermer sans charger</translation>
    </message>
    <message>
        <source>Benchmark…</source>
        <translation>Banc d&apos;essai…</translation>
    </message>
    <message>
        <source>Measure this plan and variants of it</source>
        <translation>Mesurer ce plan et des variantes de celui-ci</translation>
    </message>
    <message>
        <source>{arch}, {params:.1f} B parameters, {layers} layers</source>
        <translation>{arch}, {params:.1f} milliards de paramètres, {layers} couches</translation>
    </message>
    <message>
        <source>trained context {ctx}</source>
        <translation>contexte d’entraînement {ctx}</translation>
    </message>
    <message>
        <source>MoE: {used} of {experts} experts</source>
        <translation>MoE : {used} experts sur {experts}</translation>
    </message>
    <message>
        <source>Devices and layers</source>
        <translation>Appareils et couches</translation>
    </message>
    <message>
        <source>No GPU: the model runs on the CPU.</source>
        <translation>Pas de GPU : le modèle tourne sur le CPU.</translation>
    </message>
    <message>
        <source>Layers whose experts stay on the CPU</source>
        <translation>Couches dont les experts restent sur le CPU</translation>
    </message>
    <message>
        <source>MoE experts on CPU</source>
        <translation>Experts MoE sur le CPU</translation>
    </message>
    <message>
        <source>Tensor parallel (split every layer)</source>
        <translation>Parallélisme de tenseurs (répartir chaque couche)</translation>
    </message>
    <message>
        <source>Tensor parallelism</source>
        <translation>Parallélisme de tenseurs</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Contexte</translation>
    </message>
    <message>
        <source>Context length in tokens</source>
        <translation>Longueur du contexte en jetons</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> jetons</translation>
    </message>
    <message>
        <source>&amp;Auto fit</source>
        <translation>&amp;Ajustement automatique</translation>
    </message>
    <message>
        <source>Choose the largest context and placement that fit</source>
        <translation>Choisir le plus grand contexte et la répartition qui tiennent</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>Options</translation>
    </message>
    <message>
        <source>K cache type</source>
        <translation>Type du cache K</translation>
    </message>
    <message>
        <source>V cache type</source>
        <translation>Type du cache V</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>Cache KV</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Flash attention</translation>
    </message>
    <message>
        <source>Parallel slots</source>
        <translation>Emplacements parallèles</translation>
    </message>
    <message>
        <source>Vision projector (mmproj)</source>
        <translation>Projecteur de vision (mmproj)</translation>
    </message>
    <message>
        <source>Load the vision projector</source>
        <translation>Charger le projecteur de vision</translation>
    </message>
    <message>
        <source>Speculative decoding with the model&apos;s MTP layers</source>
        <translation>Décodage spéculatif avec les couches MTP du modèle</translation>
    </message>
    <message>
        <source>MTP speculative decoding</source>
        <translation>Décodage spéculatif MTP</translation>
    </message>
    <message>
        <source>Small model</source>
        <translation>Petit modèle</translation>
    </message>
    <message>
        <source>MTP head</source>
        <translation>Tête MTP</translation>
    </message>
    <message>
        <source>How the draft file drafts</source>
        <translation>Comment le fichier brouillon propose des jetons</translation>
    </message>
    <message>
        <source>No draft model</source>
        <translation>Aucun modèle brouillon</translation>
    </message>
    <message>
        <source>Draft model…</source>
        <translation>Modèle brouillon…</translation>
    </message>
    <message>
        <source>Choose a small model for speculative decoding</source>
        <translation>Choisir un petit modèle pour le décodage spéculatif</translation>
    </message>
    <message>
        <source>No draft</source>
        <translation>Sans brouillon</translation>
    </message>
    <message>
        <source>Stop using the draft model</source>
        <translation>Ne plus utiliser le modèle brouillon</translation>
    </message>
    <message>
        <source>Draft model</source>
        <translation>Modèle brouillon</translation>
    </message>
    <message>
        <source>Safety margins</source>
        <translation>Marges de sécurité</translation>
    </message>
    <message>
        <source>Memory each device keeps free for other programs and allocations no estimate sees. The bars&apos; dashed line is free memory less this margin.</source>
        <translation>Mémoire que chaque appareil garde libre pour les autres programmes et les allocations qu’aucune estimation ne voit. La ligne pointillée des barres indique la mémoire libre moins cette marge.</translation>
    </message>
    <message>
        <source>Safety margin of {device}</source>
        <translation>Marge de sécurité de {device}</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> Gio</translation>
    </message>
    <message>
        <source>{file} cannot be used: {reason}</source>
        <translation>{file} ne peut pas être utilisé : {reason}</translation>
    </message>
    <message>
        <source>Load anyway…</source>
        <translation>Charger quand même…</translation>
    </message>
    <message>
        <source>Loading unloads {models} to make room.</source>
        <translation>Le chargement décharge {models} pour faire de la place.</translation>
    </message>
    <message>
        <source>Loads beside {models}; nothing is unloaded.</source>
        <translation>Se charge à côté de {models} ; rien n’est déchargé.</translation>
    </message>
    <message>
        <source>Even so, the models that stay leave too little room.</source>
        <translation>Même ainsi, les modèles qui restent laissent trop peu de place.</translation>
    </message>
    <message>
        <source>All {blocks} layers + output on the CPU</source>
        <translation>Les {blocks} couches + sortie sur le CPU</translation>
    </message>
    <message>
        <source>{layers} of {blocks} layers on the CPU</source>
        <translation>{layers} couches sur {blocks} sur le CPU</translation>
    </message>
    <message>
        <source>Every layer is split over the devices ({split}).</source>
        <translation>Chaque couche est répartie sur les appareils ({split}).</translation>
    </message>
    <message>
        <source>Experts of {n} of {max} layers on the CPU ({moved} moved to RAM); each step moves {step}.</source>
        <translation>Experts de {n} couches sur {max} sur le CPU ({moved} déplacés en RAM) ; chaque pas déplace {step}.</translation>
    </message>
    <message>
        <source>Every layer is split over all enabled devices.</source>
        <translation>Chaque couche est répartie sur tous les appareils activés.</translation>
    </message>
    <message>
        <source> (automatic)</source>
        <translation> (automatique)</translation>
    </message>
    <message>
        <source>No context fits with this placement.</source>
        <translation>Aucun contexte ne tient avec cette répartition.</translation>
    </message>
    <message>
        <source>Largest that fits: {largest}</source>
        <translation>Le plus grand qui tient : {largest}</translation>
    </message>
    <message>
        <source>{ctx} tokens{automatic}; trained {trained}. {marker}</source>
        <translation>{ctx} jetons{automatic} ; entraîné sur {trained}. {marker}</translation>
    </message>
    <message>
        <source>{file}: {size}</source>
        <translation>{file} : {size}</translation>
    </message>
    <message>
        <source>{file} ({size}), drafting {n} tokens</source>
        <translation>{file} ({size}), propose {n} jetons</translation>
    </message>
    <message>
        <source>The model&apos;s own MTP layers draft tokens; their KV is reserved.</source>
        <translation>Les propres couches MTP du modèle proposent des jetons ; leur KV est réservé.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Fits.&lt;/b&gt;</source>
        <translation>&lt;b&gt;Ça tient.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Fits once the models named above are unloaded.&lt;/b&gt;</source>
        <translation>&lt;b&gt;Ça tient une fois les modèles ci-dessus déchargés.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Does not fit.</source>
        <translation>Ne tient pas.</translation>
    </message>
</context>
<context>
    <name>LoadFlow</name>
    <message>
        <source>Open a GGUF model</source>
        <translation>Ouvrir un modèle GGUF</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>Modèles GGUF (*.gguf)</translation>
    </message>
    <message>
        <source>Cannot load the model</source>
        <translation>Impossible de charger le modèle</translation>
    </message>
</context>
<context>
    <name>LoadedMemoryPanel</name>
    <message>
        <source>Memory of the loaded model</source>
        <translation>Mémoire du modèle chargé</translation>
    </message>
    <message>
        <source>No model loaded.</source>
        <translation>Aucun modèle chargé.</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) loaded: predicted (bar) and allocated (strip) per device</source>
        <translation>
            <numerusform>%n modèle chargé : prévu (barre) et alloué (bande) par appareil</numerusform>
            <numerusform>%n modèles chargés : prévu (barre) et alloué (bande) par appareil</numerusform>
        </translation>
    </message>
    <message>
        <source>Predicted; waiting for the engine to report.</source>
        <translation>Prévu ; en attente du rapport du moteur.</translation>
    </message>
    <message>
        <source>The load failed: the prediction is shown, the engine allocated nothing.</source>
        <translation>Le chargement a échoué : la prévision est affichée, le moteur n’a rien alloué.</translation>
    </message>
    <message>
        <source>The engine allocated {ratio:.0%} of the predicted buffers.</source>
        <translation>Le moteur a alloué {ratio:.0%} des tampons prévus.</translation>
    </message>
    <message>
        <source>The engine&apos;s log reports no buffer sizes (it needs -lv 4).</source>
        <translation>Le journal du moteur n’indique aucune taille de tampon (il faut -lv 4).</translation>
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
        <translation>&amp;Modèle</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Aide</translation>
    </message>
    <message>
        <source>Chat</source>
        <translation>Discussion</translation>
    </message>
    <message>
        <source>Load a model to start a conversation.</source>
        <translation>Chargez un modèle pour commencer une conversation.</translation>
    </message>
    <message>
        <source>Discover</source>
        <translation>Découvrir</translation>
    </message>
    <message>
        <source>Search Hugging Face for GGUF models and see whether they fit.</source>
        <translation>Cherchez des modèles GGUF sur Hugging Face et voyez s’ils tiennent.</translation>
    </message>
    <message>
        <source>Library</source>
        <translation>Bibliothèque</translation>
    </message>
    <message>
        <source>The GGUF models on this computer.</source>
        <translation>Les modèles GGUF de cet ordinateur.</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Serveur</translation>
    </message>
    <message>
        <source>The llama-server engine, its state and log.</source>
        <translation>Le moteur llama-server, son état et son journal.</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>Paramètres</translation>
    </message>
    <message>
        <source>Engine, model folders and appearance.</source>
        <translation>Moteur, dossiers de modèles et apparence.</translation>
    </message>
    <message>
        <source>Engine: probing…</source>
        <translation>Moteur : vérification…</translation>
    </message>
</context>
<context>
    <name>McpServerEditor</name>
    <message>
        <source>Add an MCP server</source>
        <translation>Ajouter un serveur MCP</translation>
    </message>
    <message>
        <source>Edit the MCP server</source>
        <translation>Modifier le serveur MCP</translation>
    </message>
    <message>
        <source>Server name</source>
        <translation>Nom du serveur</translation>
    </message>
    <message>
        <source>files</source>
        <translation>fichiers</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>A program on this computer (stdio)</source>
        <translation>Un programme sur cet ordinateur (stdio)</translation>
    </message>
    <message>
        <source>A web address (streamable HTTP)</source>
        <translation>Une adresse web (HTTP diffusable)</translation>
    </message>
    <message>
        <source>Runs as</source>
        <translation>Fonctionne comme</translation>
    </message>
    <message>
        <source>What is wrong with the server</source>
        <translation>Ce qui ne va pas avec le serveur</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Commande</translation>
    </message>
    <message>
        <source>One argument per line, e.g.
-y
@modelcontextprotocol/server-filesystem</source>
        <translation>Un argument par ligne, par ex.
-y
@modelcontextprotocol/server-filesystem</translation>
    </message>
    <message>
        <source>Arguments, one per line</source>
        <translation>Arguments, un par ligne</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>Arguments</translation>
    </message>
    <message>
        <source>KEY=VALUE, one per line</source>
        <translation>CLÉ=VALEUR, une par ligne</translation>
    </message>
    <message>
        <source>Environment variables, KEY=VALUE, one per line</source>
        <translation>Variables d’environnement, CLÉ=VALEUR, une par ligne</translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>Environnement</translation>
    </message>
    <message>
        <source>Server URL</source>
        <translation>URL du serveur</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Name: value, one per line, e.g.
Authorization: Bearer …</source>
        <translation>Nom: valeur, un par ligne, par ex.
Authorization: Bearer …</translation>
    </message>
    <message>
        <source>Headers, Name: value, one per line</source>
        <translation>En-têtes, Nom: valeur, un par ligne</translation>
    </message>
    <message>
        <source>Headers</source>
        <translation>En-têtes</translation>
    </message>
</context>
<context>
    <name>McpServersSection</name>
    <message>
        <source>Tool servers (MCP)</source>
        <translation>Serveurs d’outils (MCP)</translation>
    </message>
    <message>
        <source>Programs and web services whose tools models may call, through the Model Context Protocol. Only enabled servers run; each call is yours to allow.</source>
        <translation>Programmes et services web dont les modèles peuvent appeler les outils, via le Model Context Protocol. Seuls les serveurs activés s’exécutent ; c’est à vous d’autoriser chaque appel.</translation>
    </message>
    <message>
        <source>MCP servers</source>
        <translation>Serveurs MCP</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>Serveur</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Exécute</translation>
    </message>
    <message>
        <source>State</source>
        <translation>État</translation>
    </message>
    <message>
        <source>MCP server columns</source>
        <translation>Colonnes des serveurs MCP</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>Ajouter…</translation>
    </message>
    <message>
        <source>Add an MCP server</source>
        <translation>Ajouter un serveur MCP</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Modifier…</translation>
    </message>
    <message>
        <source>Edit the selected MCP server</source>
        <translation>Modifier le serveur MCP sélectionné</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <source>Remove the selected MCP server</source>
        <translation>Retirer le serveur MCP sélectionné</translation>
    </message>
    <message>
        <source>Import mcp.json…</source>
        <translation>Importer mcp.json…</translation>
    </message>
    <message>
        <source>Import the MCP servers of an mcp.json file (Claude Desktop, Cursor, LM Studio)</source>
        <translation>Importer les serveurs MCP d’un fichier mcp.json (Claude Desktop, Cursor, LM Studio)</translation>
    </message>
    <message>
        <source>What the last change of the MCP servers did</source>
        <translation>Effet de la dernière modification des serveurs MCP</translation>
    </message>
    <message>
        <source>When checked, {name} runs and models may use its tools.</source>
        <translation>Si la case est cochée, {name} s’exécute et les modèles peuvent utiliser ses outils.</translation>
    </message>
    <message>
        <source>No MCP servers yet: add one, or import the mcp.json of Claude Desktop, Cursor or LM Studio.</source>
        <translation>Aucun serveur MCP pour l’instant : ajoutez-en un, ou importez le mcp.json de Claude Desktop, Cursor ou LM Studio.</translation>
    </message>
    <message numerus="yes">
        <source> and %n more</source>
        <translation>
            <numerusform> et %n autre</numerusform>
            <numerusform> et %n autres</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ready: %n tool(s)</source>
        <translation>
            <numerusform>Prêt : %n outil</numerusform>
            <numerusform>Prêt : %n outils</numerusform>
        </translation>
    </message>
    <message>
        <source>The server offers no tools.</source>
        <translation>Le serveur ne propose aucun outil.</translation>
    </message>
    <message>
        <source>Failed: {reason}</source>
        <translation>Échec : {reason}</translation>
    </message>
    <message>
        <source>Starting again after a crash…</source>
        <translation>Redémarrage après un plantage…</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Démarrage…</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Désactivé</translation>
    </message>
    <message>
        <source>Disabled: this server does not run.</source>
        <translation>Désactivé : ce serveur ne s’exécute pas.</translation>
    </message>
    <message>
        <source>Not started yet</source>
        <translation>Pas encore démarré</translation>
    </message>
    <message>
        <source>It starts with the app.</source>
        <translation>Il démarre avec l’application.</translation>
    </message>
    <message>
        <source>Remove MCP server</source>
        <translation>Retirer le serveur MCP</translation>
    </message>
    <message>
        <source>Remove the MCP server {name}? Its tools will no longer be offered.</source>
        <translation>Retirer le serveur MCP {name} ? Ses outils ne seront plus proposés.</translation>
    </message>
    <message>
        <source>Importing {path}…</source>
        <translation>Importation de {path}…</translation>
    </message>
    <message>
        <source>Import MCP servers</source>
        <translation>Importer des serveurs MCP</translation>
    </message>
    <message>
        <source>MCP server lists (*.json);;All files (*)</source>
        <translation>Listes de serveurs MCP (*.json);;Tous les fichiers (*)</translation>
    </message>
    <message numerus="yes">
        <source>Added %n server(s): {names}.</source>
        <translation>
            <numerusform>%n serveur ajouté : {names}.</numerusform>
            <numerusform>%n serveurs ajoutés : {names}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Replaced %n server(s) of the same name: {names}.</source>
        <translation>
            <numerusform>%n serveur du même nom remplacé : {names}.</numerusform>
            <numerusform>%n serveurs du même nom remplacés : {names}.</numerusform>
        </translation>
    </message>
    <message>
        <source>The file names no MCP servers.</source>
        <translation>Le fichier ne nomme aucun serveur MCP.</translation>
    </message>
</context>
<context>
    <name>MemoryPanel</name>
    <message>
        <source>Memory per device</source>
        <translation>Mémoire par appareil</translation>
    </message>
    <message>
        <source>Used by others</source>
        <translation>Utilisée par d’autres</translation>
    </message>
    <message>
        <source>Models loaded</source>
        <translation>Modèles chargés</translation>
    </message>
    <message>
        <source>Weights</source>
        <translation>Poids</translation>
    </message>
    <message>
        <source>KV cache</source>
        <translation>Cache KV</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>Calcul</translation>
    </message>
    <message>
        <source>Overhead</source>
        <translation>Surcoût</translation>
    </message>
    <message>
        <source>Prompt cache</source>
        <translation>Cache de prompts</translation>
    </message>
    <message>
        <source>Budget</source>
        <translation>Budget</translation>
    </message>
    <message>
        <source>In use now</source>
        <translation>Utilisé maintenant</translation>
    </message>
</context>
<context>
    <name>ModelList</name>
    <message>
        <source>Search the library</source>
        <translation>Rechercher dans la bibliothèque</translation>
    </message>
    <message>
        <source>Models in the library</source>
        <translation>Modèles de la bibliothèque</translation>
    </message>
    <message>
        <source>Loaded</source>
        <translation>Chargé</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Chargement…</translation>
    </message>
    <message>
        <source>Unloading…</source>
        <translation>Déchargement…</translation>
    </message>
    <message>
        <source>Checking the fit…</source>
        <translation>Vérification de l’ajustement…</translation>
    </message>
</context>
<context>
    <name>ModelPicker</name>
    <message>
        <source>Choose a model</source>
        <translation>Choisir un modèle</translation>
    </message>
    <message>
        <source>Choose a model from the library</source>
        <translation>Choisir un modèle de la bibliothèque</translation>
    </message>
    <message>
        <source>Load…</source>
        <translation>Charger…</translation>
    </message>
    <message>
        <source>Load the model</source>
        <translation>Charger le modèle</translation>
    </message>
    <message>
        <source>Eject</source>
        <translation>Éjecter</translation>
    </message>
    <message>
        <source>Eject the model</source>
        <translation>Éjecter le modèle</translation>
    </message>
    <message>
        <source>Loading progress</source>
        <translation>Progression du chargement</translation>
    </message>
    <message>
        <source>Change load settings…</source>
        <translation>Modifier les réglages de chargement…</translation>
    </message>
    <message>
        <source>Choose a model…</source>
        <translation>Choisir un modèle…</translation>
    </message>
    <message numerus="yes">
        <source>%n other model(s) loaded</source>
        <translation>
            <numerusform>%n autre modèle chargé</numerusform>
            <numerusform>%n autres modèles chargés</numerusform>
        </translation>
    </message>
    <message>
        <source>{running} stays loaded; Load… loads this model beside it.</source>
        <translation>{running} reste chargé ; Charger… charge ce modèle à côté.</translation>
    </message>
    <message>
        <source>Ready · {context} context</source>
        <translation>Prêt · contexte de {context}</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Prêt</translation>
    </message>
    <message>
        <source>Loading: reading the weights…</source>
        <translation>Chargement : lecture des poids…</translation>
    </message>
    <message>
        <source>Loading: creating the context…</source>
        <translation>Chargement : création du contexte…</translation>
    </message>
    <message>
        <source>Loading: warming up…</source>
        <translation>Chargement : préchauffage…</translation>
    </message>
    <message>
        <source>Loading: almost ready…</source>
        <translation>Chargement : presque prêt…</translation>
    </message>
    <message>
        <source>Loading: starting the engine…</source>
        <translation>Chargement : démarrage du moteur…</translation>
    </message>
    <message>
        <source>The engine stopped unexpectedly; restarting it…</source>
        <translation>Le moteur s’est arrêté de façon inattendue ; redémarrage…</translation>
    </message>
    <message>
        <source>Ejecting…</source>
        <translation>Éjection…</translation>
    </message>
    <message>
        <source>Could not load: {reason}</source>
        <translation>Chargement impossible : {reason}</translation>
    </message>
    <message>
        <source>Not loaded: sending loads it, Load… opens its settings.</source>
        <translation>Non chargé : l’envoi le charge, Charger… ouvre ses réglages.</translation>
    </message>
    <message>
        <source>Not loaded. Load opens its settings.</source>
        <translation>Non chargé. Charger ouvre ses réglages.</translation>
    </message>
    <message>
        <source>No model loaded.</source>
        <translation>Aucun modèle chargé.</translation>
    </message>
    <message>
        <source>No model loaded. Choose one from the library.</source>
        <translation>Aucun modèle chargé. Choisissez-en un dans la bibliothèque.</translation>
    </message>
</context>
<context>
    <name>PassageDialog</name>
    <message>
        <source>Cited passage</source>
        <translation>Passage cité</translation>
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
        <translation>Retirer {name}</translation>
    </message>
    <message>
        <source>Remove this image</source>
        <translation>Retirer cette image</translation>
    </message>
</context>
<context>
    <name>PresetBar</name>
    <message>
        <source>Preset</source>
        <translation>Préréglage</translation>
    </message>
    <message>
        <source>Apply a preset&apos;s system prompt and sampling</source>
        <translation>Appliquer l’invite système et l’échantillonnage d’un préréglage</translation>
    </message>
    <message>
        <source>No preset</source>
        <translation>Aucun préréglage</translation>
    </message>
    <message>
        <source>Preset actions</source>
        <translation>Actions du préréglage</translation>
    </message>
    <message>
        <source>Save, rename, delete, import or export presets</source>
        <translation>Enregistrer, renommer, supprimer, importer ou exporter des préréglages</translation>
    </message>
    <message>
        <source>Save this chat&apos;s system prompt and sampling as a preset to reuse them.</source>
        <translation>Enregistrez l’invite système et l’échantillonnage de cette discussion comme préréglage pour les réutiliser.</translation>
    </message>
    <message>
        <source>Changed since “{name}” was applied.</source>
        <translation>Modifié depuis l’application de « {name} ».</translation>
    </message>
    <message>
        <source>New chats with {model} start from “{name}”.</source>
        <translation>Les nouvelles discussions avec {model} partent de « {name} ».</translation>
    </message>
    <message>
        <source>Imported as “{name}”: a preset named “{clashed}” already existed.</source>
        <translation>Importé sous le nom « {name} » : un préréglage nommé « {clashed} » existait déjà.</translation>
    </message>
    <message>
        <source>Imported “{name}”.</source>
        <translation>« {name} » importé.</translation>
    </message>
    <message>
        <source>Exported to {path}.</source>
        <translation>Exporté vers {path}.</translation>
    </message>
    <message>
        <source>Save as a new preset…</source>
        <translation>Enregistrer comme nouveau préréglage…</translation>
    </message>
    <message>
        <source>Save changes to “{name}”</source>
        <translation>Enregistrer les modifications dans « {name} »</translation>
    </message>
    <message>
        <source>Save changes to the preset</source>
        <translation>Enregistrer les modifications du préréglage</translation>
    </message>
    <message>
        <source>Rename “{name}”…</source>
        <translation>Renommer « {name} »…</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>Renommer…</translation>
    </message>
    <message>
        <source>Delete “{name}”…</source>
        <translation>Supprimer « {name} »…</translation>
    </message>
    <message>
        <source>Delete…</source>
        <translation>Supprimer…</translation>
    </message>
    <message>
        <source>Load a model to give it a default preset</source>
        <translation>Chargez un modèle pour lui attribuer un préréglage par défaut</translation>
    </message>
    <message>
        <source>Default for {model}</source>
        <translation>Par défaut pour {model}</translation>
    </message>
    <message>
        <source>New chats with this model start from this preset</source>
        <translation>Les nouvelles discussions avec ce modèle partent de ce préréglage</translation>
    </message>
    <message>
        <source>Clear the default for {model} (“{name}”)</source>
        <translation>Retirer le préréglage par défaut de {model} (« {name} »)</translation>
    </message>
    <message>
        <source>Import a preset…</source>
        <translation>Importer un préréglage…</translation>
    </message>
    <message>
        <source>Export “{name}”…</source>
        <translation>Exporter « {name} »…</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>Exporter…</translation>
    </message>
    <message>
        <source>My preset</source>
        <translation>Mon préréglage</translation>
    </message>
    <message>
        <source>Save as a new preset</source>
        <translation>Enregistrer comme nouveau préréglage</translation>
    </message>
    <message>
        <source>Rename preset</source>
        <translation>Renommer le préréglage</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nom :</translation>
    </message>
    <message>
        <source>Delete preset</source>
        <translation>Supprimer le préréglage</translation>
    </message>
    <message>
        <source>Delete the preset “{name}”? Conversations keep their settings.</source>
        <translation>Supprimer le préréglage « {name} » ? Les conversations conservent leurs réglages.</translation>
    </message>
    <message>
        <source>Import a preset</source>
        <translation>Importer un préréglage</translation>
    </message>
    <message>
        <source>Presets (*.json);;All files (*)</source>
        <translation>Préréglages (*.json);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Export preset</source>
        <translation>Exporter le préréglage</translation>
    </message>
    <message>
        <source>Presets (*.json)</source>
        <translation>Préréglages (*.json)</translation>
    </message>
</context>
<context>
    <name>RepoFilesModel</name>
    <message>
        <source>Quant</source>
        <translation>Quantification</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
    <message>
        <source>Fit</source>
        <translation>Tient</translation>
    </message>
    <message>
        <source>{name} ({count} parts)</source>
        <translation>{name} ({count} parties)</translation>
    </message>
    <message>
        <source> — incomplete upload</source>
        <translation> — envoi incomplet</translation>
    </message>
    <message>
        <source> — downloaded</source>
        <translation> — téléchargé</translation>
    </message>
    <message>
        <source>{name} (vision projector)</source>
        <translation>{name} (projecteur de vision)</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Vérification…</translation>
    </message>
</context>
<context>
    <name>ResidentBars</name>
    <message>
        <source>Loaded models per device</source>
        <translation>Modèles chargés par appareil</translation>
    </message>
</context>
<context>
    <name>ResidentsLabel</name>
    <message>
        <source>Loaded models</source>
        <translation>Modèles chargés</translation>
    </message>
    <message numerus="yes">
        <source>%n model(s) loaded</source>
        <translation>
            <numerusform>%n modèle chargé</numerusform>
            <numerusform>%n modèles chargés</numerusform>
        </translation>
    </message>
    <message>
        <source>{device} {allocated}/{predicted}</source>
        <translation>{device} {allocated}/{predicted}</translation>
    </message>
    <message>
        <source>Predicted</source>
        <translation>Prévu</translation>
    </message>
    <message>
        <source>Allocated</source>
        <translation>Alloué</translation>
    </message>
    <message>
        <source>Unload {model}</source>
        <translation>Décharger {model}</translation>
    </message>
    <message>
        <source>Unload all</source>
        <translation>Tout décharger</translation>
    </message>
</context>
<context>
    <name>SamplingPanel</name>
    <message>
        <source>System prompt</source>
        <translation>Invite système</translation>
    </message>
    <message>
        <source>The template&apos;s default system prompt</source>
        <translation>L’invite système par défaut du modèle de chat</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Par défaut</translation>
    </message>
    <message>
        <source>Temperature</source>
        <translation>Température</translation>
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
        <translation>Nombre maximal de jetons</translation>
    </message>
    <message>
        <source>Random</source>
        <translation>Aléatoire</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Graine</translation>
    </message>
    <message>
        <source>Thinking</source>
        <translation>Réflexion</translation>
    </message>
    <message>
        <source>Template default</source>
        <translation>Valeur par défaut du modèle de chat</translation>
    </message>
    <message>
        <source>On</source>
        <translation>Activé</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Désactivé</translation>
    </message>
    <message>
        <source>Sampling</source>
        <translation>Échantillonnage</translation>
    </message>
    <message>
        <source>Load a model to see whether it can think.</source>
        <translation>Chargez un modèle pour savoir s’il sait raisonner.</translation>
    </message>
    <message>
        <source>This model&apos;s chat template has no thinking switch.</source>
        <translation>Le modèle de chat de ce modèle n’a pas d’option de réflexion.</translation>
    </message>
</context>
<context>
    <name>SearchResultsModel</name>
    <message>
        <source>Repository</source>
        <translation>Dépôt</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Downloads</source>
        <translation>Téléchargements</translation>
    </message>
    <message>
        <source>Likes</source>
        <translation>J’aime</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>Mis à jour</translation>
    </message>
    <message>
        <source> (gated)</source>
        <translation> (accès restreint)</translation>
    </message>
</context>
<context>
    <name>Sentences</name>
    <message>
        <source>The llama-server engine was not found ({path}).</source>
        <translation>Le moteur llama-server est introuvable ({path}).</translation>
    </message>
    <message>
        <source>The llama-server engine cannot be run ({path}): {reason}</source>
        <translation>Le moteur llama-server ne peut pas être exécuté ({path}) : {reason}</translation>
    </message>
    <message>
        <source>The llama-server engine at {path} does not work: it exited with code {exit_code}.</source>
        <translation>Le moteur llama-server situé dans {path} ne fonctionne pas : il s’est arrêté avec le code {exit_code}.</translation>
    </message>
    <message>
        <source>The llama-server engine at {path} did not answer in time.</source>
        <translation>Le moteur llama-server situé dans {path} n’a pas répondu à temps.</translation>
    </message>
    <message>
        <source>Checking the engine was cancelled.</source>
        <translation>La vérification du moteur a été annulée.</translation>
    </message>
    <message>
        <source>This engine was built for instructions this CPU lacks. Build one for this computer in Settings &gt; Engine, or choose another engine there.</source>
        <translation>Ce moteur a été compilé pour des instructions que ce CPU ne possède pas. Compilez-en un pour cet ordinateur dans Paramètres &gt; Moteur, ou choisissez-y un autre moteur.</translation>
    </message>
    <message>
        <source>The engine is not ready yet; see the Server page.</source>
        <translation>Le moteur n’est pas encore prêt ; voir la page Serveur.</translation>
    </message>
    <message>
        <source>The engine failed its self-test on a tiny model ({status}).</source>
        <translation>Le moteur a échoué à son autotest sur un tout petit modèle ({status}).</translation>
    </message>
    <message>
        <source>No C/C++ compiler was found. Install one (on Debian or Ubuntu: sudo apt install build-essential) and try again.</source>
        <translation>Aucun compilateur C/C++ n’a été trouvé. Installez-en un (sous Debian ou Ubuntu : sudo apt install build-essential) puis réessayez.</translation>
    </message>
    <message>
        <source>{tool} is missing and could not be installed from the package index.</source>
        <translation>{tool} est absent et n’a pas pu être installé depuis l’index des paquets.</translation>
    </message>
    <message>
        <source>The llama.cpp source could not be downloaded; check the network.</source>
        <translation>Les sources de llama.cpp n’ont pas pu être téléchargées ; vérifiez le réseau.</translation>
    </message>
    <message>
        <source>The llama.cpp source was damaged even when downloaded again ({reason}); try again later.</source>
        <translation>Les sources de llama.cpp étaient endommagées même après un nouveau téléchargement ({reason}) ; réessayez plus tard.</translation>
    </message>
    <message>
        <source>The engine build failed; see the build log.</source>
        <translation>La compilation du moteur a échoué ; voir le journal de compilation.</translation>
    </message>
    <message>
        <source>The engine build was cancelled.</source>
        <translation>La compilation du moteur a été annulée.</translation>
    </message>
    <message>
        <source>The new engine was built but failed its self-test ({status}).</source>
        <translation>Le nouveau moteur a été compilé mais a échoué à son autotest ({status}).</translation>
    </message>
    <message>
        <source>The llama-server binary was not found.</source>
        <translation>Le binaire llama-server est introuvable.</translation>
    </message>
    <message>
        <source>The llama-server binary cannot be executed.</source>
        <translation>Le binaire llama-server ne peut pas être exécuté.</translation>
    </message>
    <message>
        <source>The engine refused an argument; see the log.</source>
        <translation>Le moteur a refusé un argument ; voir le journal.</translation>
    </message>
    <message>
        <source>The port was already in use.</source>
        <translation>Le port était déjà utilisé.</translation>
    </message>
    <message>
        <source>The model file does not exist: {path}.</source>
        <translation>Le fichier du modèle n’existe pas : {path}.</translation>
    </message>
    <message>
        <source>{path} is not a valid GGUF model (truncated, damaged or not a GGUF file).</source>
        <translation>{path} n’est pas un modèle GGUF valide (tronqué, endommagé ou pas un fichier GGUF).</translation>
    </message>
    <message>
        <source>This engine does not know the model&apos;s architecture; a newer llama-server is needed.</source>
        <translation>Ce moteur ne connaît pas l’architecture du modèle ; un llama-server plus récent est nécessaire.</translation>
    </message>
    <message>
        <source>A quantized V cache needs flash attention on.</source>
        <translation>Un cache V quantifié nécessite d’activer flash attention.</translation>
    </message>
    <message>
        <source>The vision projector failed to load.</source>
        <translation>Le projecteur de vision n’a pas pu être chargé.</translation>
    </message>
    <message>
        <source>Out of memory while loading the weights.</source>
        <translation>Mémoire épuisée lors du chargement des poids.</translation>
    </message>
    <message>
        <source>Out of memory for the KV cache: lower the context.</source>
        <translation>Mémoire insuffisante pour le cache KV : réduisez le contexte.</translation>
    </message>
    <message>
        <source>Out of memory for the compute buffers.</source>
        <translation>Mémoire insuffisante pour les tampons de calcul.</translation>
    </message>
    <message>
        <source>The engine was killed, most likely by the system for lack of memory.</source>
        <translation>Le moteur a été tué, très probablement par le système faute de mémoire.</translation>
    </message>
    <message>
        <source>The engine crashed ({signal}).</source>
        <translation>Le moteur a planté ({signal}).</translation>
    </message>
    <message>
        <source>The engine did not become ready in time.</source>
        <translation>Le moteur n’a pas été prêt à temps.</translation>
    </message>
    <message>
        <source>The engine crashed repeatedly; it is not restarted again.</source>
        <translation>Le moteur a planté à plusieurs reprises ; il ne sera plus redémarré.</translation>
    </message>
    <message>
        <source>The engine stopped answering; it was replaced.</source>
        <translation>Le moteur ne répondait plus ; il a été remplacé.</translation>
    </message>
    <message>
        <source>Out of memory even after {steps} smaller settings (the last with a context of {ctx}); nothing smaller is left to try. Free memory or choose a smaller model.</source>
        <translation>Mémoire insuffisante même après {steps} réglages plus petits (le dernier avec un contexte de {ctx}) ; il ne reste rien de plus petit à essayer. Libérez de la mémoire ou choisissez un modèle plus petit.</translation>
    </message>
    <message>
        <source>The engine exited (code {exit_code}).</source>
        <translation>Le moteur s’est arrêté (code {exit_code}).</translation>
    </message>
    <message>
        <source>{model} does not fit: it needs {needed} of {device} memory plus {reserve} kept free, and {available} is free.</source>
        <translation>{model} ne tient pas : il faut {needed} de mémoire sur {device} plus {reserve} gardés libres en réserve, et {available} sont libres.</translation>
    </message>
    <message>
        <source>{model} cannot be loaded with these settings; see the load dialog.</source>
        <translation>{model} ne peut pas être chargé avec ces réglages ; voir la fenêtre de chargement.</translation>
    </message>
    <message>
        <source>A newer request replaced this one.</source>
        <translation>Une requête plus récente a remplacé celle-ci.</translation>
    </message>
    <message>
        <source>The app is closing; the engine no longer takes requests.</source>
        <translation>L’application se ferme ; le moteur n’accepte plus de requêtes.</translation>
    </message>
    <message>
        <source>No model is loaded.</source>
        <translation>Aucun modèle n’est chargé.</translation>
    </message>
    <message>
        <source>The answer was interrupted: the connection to the engine was lost.</source>
        <translation>La réponse a été interrompue : la connexion au moteur a été perdue.</translation>
    </message>
    <message>
        <source>The engine crashed while answering this request ({cause}), so the request was not retried.</source>
        <translation>Le moteur a planté en répondant à cette requête ({cause}) ; la requête n’a donc pas été relancée.</translation>
    </message>
    <message>
        <source>Another model was loaded before {model} could answer; send the request again.</source>
        <translation>Un autre modèle a été chargé avant que {model} puisse répondre ; renvoyez la requête.</translation>
    </message>
    <message>
        <source>Too many engine arguments ({count}); the engine was not started.</source>
        <translation>Trop d’arguments pour le moteur ({count}) ; le moteur n’a pas été démarré.</translation>
    </message>
    <message>
        <source>The engine argument {flag} is managed by the app and cannot be set by hand.</source>
        <translation>L’argument du moteur {flag} est géré par l’application et ne peut pas être défini à la main.</translation>
    </message>
    <message>
        <source>There is no model &apos;{model}&apos; in the library.</source>
        <translation>Il n’y a pas de modèle « {model} » dans la bibliothèque.</translation>
    </message>
    <message>
        <source>No studio serve answers at {url}; start one with studio serve.</source>
        <translation>Aucun studio serve ne répond à {url} ; lancez-en un avec studio serve.</translation>
    </message>
    <message>
        <source>The server refused the API key; give it with --api-key or --api-key-file.</source>
        <translation>Le serveur a refusé la clé d&apos;API ; donnez-la avec --api-key ou --api-key-file.</translation>
    </message>
    <message>
        <source>The server at {url} did not answer as studio serve does.</source>
        <translation>Le serveur à {url} n&apos;a pas répondu comme le fait studio serve.</translation>
    </message>
    <message>
        <source>{model} cannot be loaded: the pinned models {pinned} keep their room.</source>
        <translation>Impossible de charger {model} : les modèles épinglés {pinned} gardent leur place.</translation>
    </message>
    <message>
        <source>{waiting} requests already wait for room to load a model; try again when one has finished.</source>
        <translation>{waiting} requêtes attendent déjà de la place pour charger un modèle ; réessayez quand l&apos;une d&apos;elles sera terminée.</translation>
    </message>
    <message>
        <source>This conversation&apos;s model {model} is no longer in the library; choose another model in the picker to go on.</source>
        <translation>Le modèle {model} de cette conversation n’est plus dans la bibliothèque ; choisissez un autre modèle dans le sélecteur pour continuer.</translation>
    </message>
    <message>
        <source>{source} is not a GGUF file.</source>
        <translation>{source} n’est pas un fichier GGUF.</translation>
    </message>
    <message>
        <source>{source} uses GGUF version {version}, which is not supported.</source>
        <translation>{source} utilise la version {version} de GGUF, qui n’est pas prise en charge.</translation>
    </message>
    <message>
        <source>{source} is incomplete: it ends after {available} of at least {needed}.</source>
        <translation>{source} est incomplet : il s’arrête après {available} sur au moins {needed}.</translation>
    </message>
    <message>
        <source>{source} is damaged: {reason}.</source>
        <translation>{source} est endommagé : {reason}.</translation>
    </message>
    <message>
        <source>The header of {source} is larger than {limit}; it was not read.</source>
        <translation>L’en-tête de {source} dépasse {limit} ; il n’a pas été lu.</translation>
    </message>
    <message>
        <source>A part of the split model is missing: {shard}.</source>
        <translation>Une partie du modèle découpé est manquante : {shard}.</translation>
    </message>
    <message>
        <source>The server of {url} cannot send parts of a file (HTTP {status}).</source>
        <translation>Le serveur de {url} ne peut pas envoyer de parties de fichier (HTTP {status}).</translation>
    </message>
    <message>
        <source>{url} could not be read: {reason}.</source>
        <translation>{url} n’a pas pu être lu : {reason}.</translation>
    </message>
    <message>
        <source>{source} is damaged or hostile: it declares {key} = {value}, which no model has.</source>
        <translation>{source} est endommagé ou malveillant : il déclare {key} = {value}, ce qu’aucun modèle n’a.</translation>
    </message>
    <message>
        <source>{path} is not an ordinary file (it is a pipe, a device or a folder); only ordinary files are opened as models.</source>
        <translation>{path} n’est pas un fichier ordinaire (c’est un tube, un périphérique ou un dossier) ; seuls les fichiers ordinaires sont ouverts comme modèles.</translation>
    </message>
    <message>
        <source>{path} cannot be read: {reason}.</source>
        <translation>Impossible de lire {path} : {reason}.</translation>
    </message>
    <message>
        <source>Unknown KV cache type: {type}.</source>
        <translation>Type de cache KV inconnu : {type}.</translation>
    </message>
    <message>
        <source>This model needs the same type for the K and V caches.</source>
        <translation>Ce modèle nécessite le même type pour les caches K et V.</translation>
    </message>
    <message>
        <source>The batch sizes are not valid.</source>
        <translation>Les tailles de lot ne sont pas valides.</translation>
    </message>
    <message>
        <source>System RAM cannot be listed as a GPU device.</source>
        <translation>La mémoire vive ne peut pas être listée comme appareil GPU.</translation>
    </message>
    <message>
        <source>Tensor parallelism needs flash attention and an unquantized KV cache.</source>
        <translation>Le parallélisme de tenseurs nécessite flash attention et un cache KV non quantifié.</translation>
    </message>
    <message>
        <source>The model file does not name its architecture.</source>
        <translation>Le fichier du modèle n’indique pas son architecture.</translation>
    </message>
    <message>
        <source>How this model fits could not be worked out; the log says why.</source>
        <translation>Impossible de déterminer comment ce modèle tient ; le journal indique pourquoi.</translation>
    </message>
    <message>
        <source>The model file does not say how many layers it has.</source>
        <translation>Le fichier du modèle n’indique pas son nombre de couches.</translation>
    </message>
    <message>
        <source>No repacked copies of weights are counted: repacking is off (--no-repack).</source>
        <translation>Aucune copie réempaquetée des poids n’est comptée : le réempaquetage est désactivé (--no-repack).</translation>
    </message>
    <message>
        <source>No repacked copies of weights are counted: no engine has told this CPU&apos;s features.</source>
        <translation>Aucune copie réempaquetée des poids n’est comptée : aucun moteur n’a indiqué les fonctions de ce processeur.</translation>
    </message>
    <message>
        <source>No repacked copies of weights are counted: this engine&apos;s CPU backend does not repack.</source>
        <translation>Aucune copie réempaquetée des poids n’est comptée : le backend CPU de ce moteur ne réempaquette pas.</translation>
    </message>
    <message>
        <source>No repacked copies of weights are counted: the host&apos;s weights stay in a GPU&apos;s pinned buffer.</source>
        <translation>Aucune copie réempaquetée des poids n’est comptée : les poids en mémoire système restent dans le tampon épinglé d’un GPU.</translation>
    </message>
    <message>
        <source>A remote RPC device did not answer ({endpoints}).</source>
        <translation>Un appareil RPC distant n’a pas répondu ({endpoints}).</translation>
    </message>
    <message>
        <source>“{endpoint}” is not host:port (for example 192.168.1.20:50052).</source>
        <translation>« {endpoint} » n’est pas au format hôte:port (par exemple 192.168.1.20:50052).</translation>
    </message>
    <message>
        <source>STUDIO_FAKE_DEVICES has an entry that cannot be read: {entry}</source>
        <translation>STUDIO_FAKE_DEVICES contient une entrée illisible : {entry}</translation>
    </message>
    <message>
        <source>Cannot reach the Hugging Face Hub. Check the network connection, and the proxy and endpoint in Settings.</source>
        <translation>Impossible de joindre le Hugging Face Hub. Vérifiez la connexion réseau, ainsi que le proxy et le point d’accès dans les paramètres.</translation>
    </message>
    <message>
        <source>Not found on the Hub: {target}.</source>
        <translation>Introuvable sur le Hub : {target}.</translation>
    </message>
    <message>
        <source>“{target}” is not a Hugging Face repository: write it as owner/name, with letters, digits, -, _ and . only.</source>
        <translation>« {target} » n’est pas un dépôt Hugging Face : écrivez-le sous la forme propriétaire/nom, avec uniquement des lettres, des chiffres, -, _ et .</translation>
    </message>
    <message>
        <source>This repository is gated or private. Add a Hugging Face token in Settings and accept the model&apos;s terms on its Hub page.</source>
        <translation>Ce dépôt est à accès restreint ou privé. Ajoutez un jeton Hugging Face dans les paramètres et acceptez les conditions du modèle sur sa page du Hub.</translation>
    </message>
    <message>
        <source>The Hub answered with an error (HTTP {status}).</source>
        <translation>Le Hub a répondu par une erreur (HTTP {status}).</translation>
    </message>
    <message>
        <source>The token was not saved: {reason}</source>
        <translation>Le jeton n’a pas été enregistré : {reason}</translation>
    </message>
    <message>
        <source>Not enough disk space: {needed} needed plus {reserve} kept free, {free} free in {path}.</source>
        <translation>Espace disque insuffisant : {needed} nécessaires plus {reserve} gardés libres en réserve, {free} libres dans {path}.</translation>
    </message>
    <message>
        <source>{file} did not match the Hub&apos;s checksum, even when downloaded again. The damaged copy was deleted.</source>
        <translation>{file} ne correspond pas à la somme de contrôle du Hub, même après un nouveau téléchargement. La copie endommagée a été supprimée.</translation>
    </message>
    <message>
        <source>{file} kept failing ({reason}). Resume to try again.</source>
        <translation>{file} échoue sans cesse ({reason}). Reprenez pour réessayer.</translation>
    </message>
    <message>
        <source>Refused a file name that would write outside the target folder: {name}</source>
        <translation>Nom de fichier refusé, car il écrirait hors du dossier cible : {name}</translation>
    </message>
    <message>
        <source>Cannot write to {path}.</source>
        <translation>Impossible d’écrire dans {path}.</translation>
    </message>
    <message>
        <source>The download failed unexpectedly; see the log.</source>
        <translation>Le téléchargement a échoué de façon inattendue ; voir le journal.</translation>
    </message>
    <message>
        <source>This is not a usable GGUF model file ({reason}).</source>
        <translation>Ce n’est pas un fichier de modèle GGUF utilisable ({reason}).</translation>
    </message>
    <message>
        <source>This is a vision projector (mmproj), not a model: load it together with its model.</source>
        <translation>Ceci est un projecteur de vision (mmproj), pas un modèle : chargez-le avec son modèle.</translation>
    </message>
    <message>
        <source>The file cannot be read: {path}</source>
        <translation>Le fichier est illisible : {path}</translation>
    </message>
    <message>
        <source>The folder {path} cannot be read ({reason}); its models are not listed.</source>
        <translation>Le dossier {path} est illisible ({reason}) ; ses modèles ne sont pas listés.</translation>
    </message>
    <message>
        <source>The folder {path} is nested more than {depth} folders deep; what lies in it is not listed.</source>
        <translation>Le dossier {path} est imbriqué à plus de {depth} niveaux de dossiers ; son contenu n’est pas listé.</translation>
    </message>
    <message>
        <source>The folder {path} holds more than {folders} folders; the models in the rest are not listed.</source>
        <translation>Le dossier {path} contient plus de {folders} dossiers ; les modèles du reste ne sont pas listés.</translation>
    </message>
    <message>
        <source>Your settings could not be read, so the defaults apply. The unreadable file was kept as {moved_to}.</source>
        <translation>Vos réglages n’ont pas pu être lus ; les valeurs par défaut s’appliquent. Le fichier illisible a été conservé sous {moved_to}.</translation>
    </message>
    <message>
        <source>Your settings could not be read ({path}), so the defaults apply for now.</source>
        <translation>Vos réglages n’ont pas pu être lus ({path}) ; les valeurs par défaut s’appliquent pour l’instant.</translation>
    </message>
    <message>
        <source>The conversations were saved by a newer version of GGUF Studio (format {version}; this version reads up to {supported}).</source>
        <translation>Les conversations ont été enregistrées par une version plus récente de GGUF Studio (format {version} ; cette version lit jusqu’au {supported}).</translation>
    </message>
    <message>
        <source>The conversations file is damaged or not a database: {path}</source>
        <translation>Le fichier des conversations est endommagé ou n’est pas une base de données : {path}</translation>
    </message>
    <message>
        <source>The conversations file was damaged. Everything that could still be read was recovered into a new file; the damaged one was kept as {backup}.</source>
        <translation>Le fichier des conversations était endommagé. Tout ce qui pouvait encore être lu a été récupéré dans un nouveau fichier ; l’ancien a été conservé sous {backup}.</translation>
    </message>
    <message>
        <source>This conversation no longer exists.</source>
        <translation>Cette conversation n’existe plus.</translation>
    </message>
    <message>
        <source>This message no longer exists.</source>
        <translation>Ce message n’existe plus.</translation>
    </message>
    <message>
        <source>The disk is full, so this answer stopped where it was last saved. Free some space to go on.</source>
        <translation>Le disque est plein : cette réponse s’arrête là où elle a été enregistrée pour la dernière fois. Libérez de l’espace pour continuer.</translation>
    </message>
    <message>
        <source>The conversation could not be saved ({reason}), so this answer stopped where it was last saved.</source>
        <translation>La conversation n’a pas pu être enregistrée ({reason}) : cette réponse s’arrête là où elle a été enregistrée pour la dernière fois.</translation>
    </message>
    <message>
        <source>The messages of this conversation link back to each other in a loop, so it is shown from where the loop closes.</source>
        <translation>Les messages de cette conversation renvoient les uns aux autres en boucle : elle est affichée à partir de l’endroit où la boucle se referme.</translation>
    </message>
    <message>
        <source>Load a model first.</source>
        <translation>Chargez d’abord un modèle.</translation>
    </message>
    <message>
        <source>The engine refused the request.</source>
        <translation>Le moteur a refusé la requête.</translation>
    </message>
    <message>
        <source>The connection to the engine was lost.</source>
        <translation>La connexion au moteur a été perdue.</translation>
    </message>
    <message>
        <source>The conversation could not be exported.</source>
        <translation>La conversation n’a pas pu être exportée.</translation>
    </message>
    <message>
        <source>Interrupted: the app closed while this answer was written.</source>
        <translation>Interrompu : l’application s’est fermée pendant l’écriture de cette réponse.</translation>
    </message>
    <message>
        <source>This model cannot see images: it was loaded without a vision projector (mmproj). Load a model that comes with one to send images.</source>
        <translation>Ce modèle ne peut pas voir les images : il a été chargé sans projecteur de vision (mmproj). Chargez un modèle qui en possède un pour envoyer des images.</translation>
    </message>
    <message>
        <source>This model cannot see images now: its vision projector failed to start, so it was loaded text-only. Reload it, perhaps with less of it on the GPU, to send images.</source>
        <translation>Ce modèle ne peut pas voir les images pour l’instant : son projecteur de vision n’a pas pu démarrer, il a donc été chargé en mode texte seul. Rechargez-le, éventuellement avec une plus petite part sur le GPU, pour envoyer des images.</translation>
    </message>
    <message>
        <source>{name} could not be read as an image: PNG, JPEG and WebP can be attached.</source>
        <translation>{name} n’a pas pu être lu comme image : vous pouvez joindre des fichiers PNG, JPEG et WebP.</translation>
    </message>
    <message>
        <source>At most {count} images can be sent with one message.</source>
        <translation>Un message peut contenir au plus {count} images.</translation>
    </message>
    <message>
        <source>A preset needs a name.</source>
        <translation>Un préréglage doit avoir un nom.</translation>
    </message>
    <message>
        <source>A preset named “{name}” already exists.</source>
        <translation>Un préréglage nommé « {name} » existe déjà.</translation>
    </message>
    <message>
        <source>The preset “{name}” no longer exists.</source>
        <translation>Le préréglage « {name} » n’existe plus.</translation>
    </message>
    <message>
        <source>The preset file {path} cannot be read.</source>
        <translation>Le fichier de préréglage {path} est illisible.</translation>
    </message>
    <message>
        <source>{path} is not a preset: it is not a JSON file.</source>
        <translation>{path} n’est pas un préréglage : ce n’est pas un fichier JSON.</translation>
    </message>
    <message>
        <source>{path} is not a GGUF Studio preset: a preset has a name and its settings.</source>
        <translation>{path} n’est pas un préréglage GGUF Studio : un préréglage comporte un nom et ses réglages.</translation>
    </message>
    <message>
        <source>{path} is not a usable preset: its “{field}” has the wrong kind of value.</source>
        <translation>{path} n’est pas un préréglage utilisable : son champ « {field} » a une valeur du mauvais type.</translation>
    </message>
    <message>
        <source>The preset could not be saved to {path}.</source>
        <translation>Le préréglage n’a pas pu être enregistré dans {path}.</translation>
    </message>
    <message>
        <source>The presets cannot be saved to {path}.</source>
        <translation>Les préréglages ne peuvent pas être enregistrés dans {path}.</translation>
    </message>
    <message>
        <source>Your presets could not be read, so the list starts empty. The unreadable file was kept as {moved_to}.</source>
        <translation>Vos préréglages n’ont pas pu être lus ; la liste commence donc vide. Le fichier illisible a été conservé sous {moved_to}.</translation>
    </message>
    <message>
        <source>Your presets could not be read ({path}), so the list starts empty.</source>
        <translation>Vos préréglages n’ont pas pu être lus ({path}) ; la liste commence donc vide.</translation>
    </message>
    <message>
        <source>{path} is not a usable preset: its “{field}” is {value}, but it must be from {low} to {high}.</source>
        <translation>{path} n’est pas un préréglage utilisable : son « {field} » vaut {value}, mais il doit être compris entre {low} et {high}.</translation>
    </message>
    <message>
        <source>{path} is not a usable preset: its “{field}” is {value}, but it must be -1 (no limit) or from {low} to {high}.</source>
        <translation>{path} n’est pas un préréglage utilisable : son « {field} » vaut {value}, mais il doit valoir -1 (sans limite) ou être compris entre {low} et {high}.</translation>
    </message>
    <message>
        <source>Some remembered load settings of {model} could not be used ({settings}), so they are chosen afresh.</source>
        <translation>Certains réglages de chargement mémorisés de {model} n’étaient pas utilisables ({settings}) : ils sont choisis à nouveau.</translation>
    </message>
    <message>
        <source>This conversation needs {prompt_tokens} tokens, but the model&apos;s context holds {context_tokens}. Start a new conversation, let the chat drop the oldest messages (Inspector &gt; Context), or load the model with a larger context.</source>
        <translation>Cette conversation nécessite {prompt_tokens} jetons, mais le contexte du modèle n’en contient que {context_tokens}. Commencez une nouvelle conversation, laissez la discussion omettre les messages les plus anciens (Inspecteur &gt; Contexte) ou chargez le modèle avec un contexte plus grand.</translation>
    </message>
    <message>
        <source>{name} is not a text file, so it cannot be added to the message.</source>
        <translation>{name} n’est pas un fichier texte ; il ne peut donc pas être ajouté au message.</translation>
    </message>
    <message>
        <source>{name} cannot be read: {reason}</source>
        <translation>Impossible de lire {name} : {reason}</translation>
    </message>
    <message>
        <source>{name} is not an ordinary file (it is a pipe, a device or a folder), so it cannot be attached.</source>
        <translation>{name} n’est pas un fichier ordinaire (c’est un tube, un périphérique ou un dossier), il ne peut donc pas être joint.</translation>
    </message>
    <message>
        <source>{name} is too large to add to a message (more than {limit}).</source>
        <translation>{name} est trop volumineux pour être ajouté à un message (plus de {limit}).</translation>
    </message>
    <message>
        <source>This model&apos;s chat template does not think, so the thinking budget is not sent.</source>
        <translation>Le modèle de chat de ce modèle ne gère pas la réflexion ; le budget de réflexion n’est donc pas envoyé.</translation>
    </message>
    <message>
        <source>{name} takes {tokens} tokens, but only {left} of the context&apos;s {context_tokens} are left, so it was not added.</source>
        <translation>{name} occupe {tokens} jetons, mais il ne reste que {left} des {context_tokens} jetons du contexte ; il n’a donc pas été ajouté.</translation>
    </message>
    <message>
        <source>{name} is too large to attach (more than {limit}); nothing was added.</source>
        <translation>{name} est trop volumineux pour être joint (plus de {limit}) ; rien n’a été ajouté.</translation>
    </message>
    <message>
        <source>{name} is a pipe, a device or a folder, not a document, so it was not attached.</source>
        <translation>{name} est un tube, un périphérique ou un dossier, pas un document ; il n’a donc pas été joint.</translation>
    </message>
    <message>
        <source>{name} could not be opened as a document: {reason}</source>
        <translation>{name} n’a pas pu être ouvert comme document : {reason}</translation>
    </message>
    <message>
        <source>{name} is not a document this app reads ({suffix}); attach a PDF, Markdown, text, HTML or .docx file.</source>
        <translation>{name} n’est pas un document que cette application sait lire ({suffix}) ; joignez un fichier PDF, Markdown, texte, HTML ou .docx.</translation>
    </message>
    <message>
        <source>{name} is protected by a password, so its text cannot be read.</source>
        <translation>{name} est protégé par un mot de passe ; son texte ne peut donc pas être lu.</translation>
    </message>
    <message>
        <source>{name} has no text layer; it may be a scan. Run text recognition (OCR) on it first.</source>
        <translation>{name} n’a pas de couche de texte ; il s’agit peut-être d’un scan. Appliquez-lui d’abord une reconnaissance de texte (OCR).</translation>
    </message>
    <message>
        <source>{name} is not a {kind} file this app can read; it may be damaged.</source>
        <translation>{name} n’est pas un fichier {kind} que cette application peut lire ; il est peut-être endommagé.</translation>
    </message>
    <message>
        <source>{name} would unpack to more than {limit}, far more than a document holds, so it was not opened.</source>
        <translation>{name} occuperait plus de {limit} une fois décompressé, bien plus qu’un document n’en contient ; il n’a donc pas été ouvert.</translation>
    </message>
    <message>
        <source>{name} holds no text, so there is nothing to attach.</source>
        <translation>{name} ne contient aucun texte ; il n’y a donc rien à joindre.</translation>
    </message>
    <message>
        <source>{name} is not a text file, so it cannot be attached as a document.</source>
        <translation>{name} n’est pas un fichier texte ; il ne peut donc pas être joint comme document.</translation>
    </message>
    <message>
        <source>The documents could not be searched: the embedding model failed ({reason}).</source>
        <translation>Les documents n’ont pas pu être interrogés : le modèle d’embedding a échoué ({reason}).</translation>
    </message>
    <message>
        <source>Load a model first: documents are indexed with the loaded model.</source>
        <translation>Chargez d’abord un modèle : les documents sont indexés avec le modèle chargé.</translation>
    </message>
    <message>
        <source>The embedding model {name} is not in the library: choose another in Settings, Documents.</source>
        <translation>Le modèle d’embedding {name} n’est pas dans la bibliothèque : choisissez-en un autre dans Paramètres &gt; Documents.</translation>
    </message>
    <message>
        <source>The documents&apos; index at {path} cannot be opened.</source>
        <translation>L’index des documents situé dans {path} ne peut pas être ouvert.</translation>
    </message>
    <message>
        <source>The documents&apos; index at {path} could not be saved: {reason}</source>
        <translation>L’index des documents situé dans {path} n’a pas pu être enregistré : {reason}</translation>
    </message>
    <message>
        <source>The tools are not valid JSON (line {line}, column {column}).</source>
        <translation>Les outils ne sont pas du JSON valide (ligne {line}, colonne {column}).</translation>
    </message>
    <message>
        <source>The tools must be a JSON list of function definitions.</source>
        <translation>Les outils doivent être une liste JSON de définitions de fonctions.</translation>
    </message>
    <message>
        <source>Tool {number} is not a function definition: give it &quot;type&quot;: &quot;function&quot; and a &quot;function&quot; with a name.</source>
        <translation>L’outil {number} n’est pas une définition de fonction : donnez-lui &quot;type&quot;: &quot;function&quot; et une &quot;function&quot; avec un nom.</translation>
    </message>
    <message>
        <source>Tool {number} has no name.</source>
        <translation>L’outil {number} n’a pas de nom.</translation>
    </message>
    <message>
        <source>The parameters of the tool {name} must be a JSON Schema object.</source>
        <translation>Les paramètres de l’outil {name} doivent être un objet JSON Schema.</translation>
    </message>
    <message>
        <source>Two tools are called {name}.</source>
        <translation>Deux outils s’appellent {name}.</translation>
    </message>
    <message>
        <source>The tools are nested more than {levels} levels deep, which no tool needs.</source>
        <translation>Les outils sont imbriqués sur plus de {levels} niveaux, ce dont aucun outil n’a besoin.</translation>
    </message>
    <message>
        <source>The tools contain NaN or Infinity, which JSON does not allow.</source>
        <translation>Les outils contiennent NaN ou Infinity, ce que JSON n’autorise pas.</translation>
    </message>
    <message>
        <source>The model asked for tools {rounds} rounds in a row, the most one question may take, so its last calls were not run.</source>
        <translation>Le modèle a demandé des outils {rounds} tours d’affilée, le maximum pour une question ; ses derniers appels n’ont donc pas été exécutés.</translation>
    </message>
    <message>
        <source>The model&apos;s call of {tool} was cut off or is not valid JSON, so it was not run; a larger answer limit may help.</source>
        <translation>L’appel de {tool} par le modèle a été tronqué ou n’est pas du JSON valide ; il n’a donc pas été exécuté. Une limite de réponse plus élevée peut aider.</translation>
    </message>
    <message>
        <source>A Hugging Face token was kept out of the settings file ({field}); save tokens with Save token.</source>
        <translation>Un jeton Hugging Face a été tenu à l’écart du fichier de paramètres ({field}) ; enregistrez les jetons avec Enregistrer le jeton.</translation>
    </message>
    <message>
        <source>The settings cannot be saved to {path}.</source>
        <translation>Les paramètres ne peuvent pas être enregistrés dans {path}.</translation>
    </message>
    <message>
        <source>The desktop entry cannot start the app: the command contains {argument}.</source>
        <translation>L’entrée de bureau ne peut pas lancer l’application : la commande contient {argument}.</translation>
    </message>
    <message>
        <source>The app icon is missing: {path}</source>
        <translation>L’icône de l’application est manquante : {path}</translation>
    </message>
    <message>
        <source>Port {port} is already in use by another program; choose another port.</source>
        <translation>Le port {port} est déjà utilisé par un autre programme ; choisissez-en un autre.</translation>
    </message>
    <message>
        <source>Port {port} may only be opened by an administrator; choose one above 1023.</source>
        <translation>Seul un administrateur peut ouvrir le port {port} ; choisissez-en un au-dessus de 1023.</translation>
    </message>
    <message>
        <source>The local API could not start: {reason}.</source>
        <translation>L’API locale n’a pas pu démarrer : {reason}.</translation>
    </message>
    <message>
        <source>The folder {path} does not exist.</source>
        <translation>Le dossier {path} n’existe pas.</translation>
    </message>
    <message>
        <source>{path} is a file, not a folder.</source>
        <translation>{path} est un fichier, pas un dossier.</translation>
    </message>
    <message>
        <source>There is no device named “{device}” (see the device column of studio fit).</source>
        <translation>Aucun périphérique ne s’appelle « {device} » (voir la colonne des périphériques de studio fit).</translation>
    </message>
    <message>
        <source>“{item}” is not DEVICE=LAYERS (for example CUDA0=20).</source>
        <translation>« {item} » n’est pas PÉRIPHÉRIQUE=COUCHES (par exemple CUDA0=20).</translation>
    </message>
    <message>
        <source>“{item}” is not a size such as 2GiB or host=512MiB.</source>
        <translation>« {item} » n’est pas une taille comme 2GiB ou host=512MiB.</translation>
    </message>
    <message>
        <source>“{item}” is not KNOB=VALUE (for example ubatch=1024 or layers:CUDA0=20).</source>
        <translation>« {item} » n’est pas RÉGLAGE=VALEUR (par exemple ubatch=1024 ou layers:CUDA0=20).</translation>
    </message>
    <message>
        <source>“{value}” is not a value {knob} can take ({expected}).</source>
        <translation>« {value} » n’est pas une valeur que {knob} peut prendre ({expected}).</translation>
    </message>
    <message>
        <source>A benchmark variant cannot change “{knob}”; it can change: {knobs}.</source>
        <translation>Une variante de benchmark ne peut pas changer « {knob} » ; elle peut changer : {knobs}.</translation>
    </message>
    <message>
        <source>{variant}: tensor parallelism splits every layer across the devices, so a variant cannot also move layers between them.</source>
        <translation>{variant} : le parallélisme de tenseurs répartit chaque couche entre les appareils, une variante ne peut donc pas aussi déplacer des couches entre eux.</translation>
    </message>
    <message>
        <source>A comparison takes {least} to {most} variants, not {count}.</source>
        <translation>Une comparaison prend de {least} à {most} variantes, pas {count}.</translation>
    </message>
    <message>
        <source>{variant} started only after the engine&apos;s recovery changed it, so it was not measured.</source>
        <translation>{variant} n’a démarré qu’après avoir été modifiée par la récupération du moteur ; elle n’a donc pas été mesurée.</translation>
    </message>
    <message>
        <source>A context of {ctx} tokens leaves no room for a benchmark prompt and the {tokens} tokens it writes.</source>
        <translation>Un contexte de {ctx} tokens ne laisse pas de place pour un prompt de benchmark et les {tokens} tokens qu’il écrit.</translation>
    </message>
    <message>
        <source>The engine did not answer a benchmark request for {variant}.</source>
        <translation>Le moteur n’a pas répondu à une requête du benchmark pour {variant}.</translation>
    </message>
    <message>
        <source>A benchmark request was stopped from elsewhere, so the benchmark ended.</source>
        <translation>Une requête du benchmark a été arrêtée ailleurs, le benchmark s’est donc terminé.</translation>
    </message>
    <message>
        <source>The engine&apos;s answer had no timings, so nothing could be measured.</source>
        <translation>La réponse du moteur ne contenait aucune mesure de temps, rien n’a donc pu être mesuré.</translation>
    </message>
    <message>
        <source>The benchmark could not be written to {path}: {reason}.</source>
        <translation>Le benchmark n’a pas pu être écrit dans {path} : {reason}.</translation>
    </message>
    <message>
        <source>Not tried: the time budget was spent.</source>
        <translation>Pas essayé : le budget de temps était épuisé.</translation>
    </message>
    <message>
        <source>{fastest} generates {ratio} times as fast as {slower}.</source>
        <translation>{fastest} génère {ratio} fois plus vite que {slower}.</translation>
    </message>
    <message>
        <source>{fastest} reads prompts {ratio} times as fast as {slower}.</source>
        <translation>{fastest} lit les prompts {ratio} fois plus vite que {slower}.</translation>
    </message>
    <message>
        <source>{fastest} and {slower} generate about as fast: the gap ({ratio} times) is within the spread of their runs.</source>
        <translation>{fastest} et {slower} génèrent à peu près aussi vite : l’écart ({ratio} fois) reste dans la dispersion de leurs exécutions.</translation>
    </message>
    <message>
        <source>{fastest} and {slower} read prompts about as fast: the gap ({ratio} times) is within the spread of their runs.</source>
        <translation>{fastest} et {slower} lisent les prompts à peu près aussi vite : l’écart ({ratio} fois) reste dans la dispersion de leurs exécutions.</translation>
    </message>
    <message>
        <source>With one run each there is no spread, so whether a difference is more than noise is unknown: measure more runs.</source>
        <translation>Avec une seule exécution chacune, il n’y a pas de dispersion : on ne sait pas si une différence dépasse le bruit. Mesurez plus d’exécutions.</translation>
    </message>
    <message>
        <source>A chat answer is being written. Stop it first: a benchmark loads other plans of the model in its place.</source>
        <translation>Une réponse du chat est en cours d&apos;écriture. Arrêtez-la d&apos;abord : un banc d&apos;essai charge d&apos;autres plans du modèle à sa place.</translation>
    </message>
    <message>
        <source>A benchmark is running already. Wait for it, or cancel it first.</source>
        <translation>Un banc d&apos;essai est déjà en cours. Attendez-le ou annulez-le d&apos;abord.</translation>
    </message>
    <message>
        <source>“{wanted}” does not name one model here; choose one of: {choices}.</source>
        <translation>« {wanted} » ne désigne pas un seul modèle ici ; choisissez-en un parmi : {choices}.</translation>
    </message>
    <message>
        <source>The API key file {path} cannot be read.</source>
        <translation>Le fichier de clé d’API {path} est illisible.</translation>
    </message>
    <message>
        <source>The API key is empty.</source>
        <translation>La clé d’API est vide.</translation>
    </message>
    <message>
        <source>The connection limit must be at least 1, not {given}.</source>
        <translation>La limite de connexions doit être d’au moins 1, pas {given}.</translation>
    </message>
    <message>
        <source>Listening on {host} lets other machines connect: give --api-key or --api-key-file.</source>
        <translation>Écouter sur {host} permet à d’autres machines de se connecter : indiquez --api-key ou --api-key-file.</translation>
    </message>
    <message>
        <source>The prompt takes {prompt_tokens} tokens, but the model&apos;s context holds {context_tokens}: shorten it or give a larger --ctx.</source>
        <translation>Le prompt occupe {prompt_tokens} jetons, mais le contexte du modèle en contient {context_tokens} : raccourcissez-le ou indiquez un --ctx plus grand.</translation>
    </message>
    <message>
        <source>This engine has no speculative decoding type “{spec_type}”; it knows {choices}.</source>
        <translation>Ce moteur n’a pas de type de décodage spéculatif « {spec_type} » ; il connaît {choices}.</translation>
    </message>
    <message>
        <source>This computer has no address {host} to listen on.</source>
        <translation>Cet ordinateur n’a pas d’adresse {host} sur laquelle écouter.</translation>
    </message>
    <message>
        <source>The command studio {command} stopped on an unexpected problem; the details are in {log}.</source>
        <translation>La commande studio {command} s’est arrêtée sur un problème inattendu ; les détails sont dans {log}.</translation>
    </message>
    <message>
        <source>The MCP servers file {path} cannot be read.</source>
        <translation>Le fichier de serveurs MCP {path} est illisible.</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is not a regular file, so it is not read.</source>
        <translation>Le fichier de serveurs MCP {path} n’est pas un fichier ordinaire ; il n’est donc pas lu.</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is larger than {limit}, so it is not read.</source>
        <translation>Le fichier de serveurs MCP {path} dépasse {limit} ; il n’est donc pas lu.</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is not UTF-8 text.</source>
        <translation>Le fichier de serveurs MCP {path} n’est pas du texte UTF-8.</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is not valid JSON (line {line}, column {column}).</source>
        <translation>Le fichier de serveurs MCP {path} n’est pas du JSON valide (ligne {line}, colonne {column}).</translation>
    </message>
    <message>
        <source>The MCP servers file {path} is nested too deeply to be read.</source>
        <translation>Le fichier de serveurs MCP {path} est imbriqué trop profondément pour être lu.</translation>
    </message>
    <message>
        <source>The file {path} has no “mcpServers” object, so it names no MCP servers.</source>
        <translation>Le fichier {path} n’a pas d’objet « mcpServers » ; il ne nomme donc aucun serveur MCP.</translation>
    </message>
    <message>
        <source>There can be at most {most} MCP servers.</source>
        <translation>Il peut y avoir au plus {most} serveurs MCP.</translation>
    </message>
    <message>
        <source>The MCP server {server} must be a JSON object.</source>
        <translation>Le serveur MCP {server} doit être un objet JSON.</translation>
    </message>
    <message>
        <source>“{server}” cannot name an MCP server: use up to 64 letters, digits, spaces, dots, dashes and underscores, starting with a letter or a digit.</source>
        <translation>« {server} » ne peut pas nommer un serveur MCP : utilisez jusqu’à 64 lettres, chiffres, espaces, points, tirets et tirets bas, en commençant par une lettre ou un chiffre.</translation>
    </message>
    <message>
        <source>The MCP server {server} needs a “command” to run or a “url” to connect to.</source>
        <translation>Le serveur MCP {server} a besoin d’une « command » à lancer ou d’une « url » à laquelle se connecter.</translation>
    </message>
    <message>
        <source>The MCP server {server} has both a “command” and a “url”; keep one of them.</source>
        <translation>Le serveur MCP {server} a à la fois une « command » et une « url » ; n’en gardez qu’une.</translation>
    </message>
    <message>
        <source>The MCP server {server} has the type “{type}”; Studio runs “stdio” and “http” (streamable HTTP) servers.</source>
        <translation>Le serveur MCP {server} a le type « {type} » ; Studio exécute les serveurs « stdio » et « http » (HTTP diffusable).</translation>
    </message>
    <message>
        <source>The MCP server {server} has the type “{type}”, which does not go with its “command” or “url”.</source>
        <translation>Le serveur MCP {server} a le type « {type} », qui ne correspond pas à sa « command » ou à son « url ».</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} must be text.</source>
        <translation>« {field} » du serveur MCP {server} doit être un texte.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} must be a list of texts.</source>
        <translation>« {field} » du serveur MCP {server} doit être une liste de textes.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} must be an object whose values are texts.</source>
        <translation>« {field} » du serveur MCP {server} doit être un objet dont les valeurs sont des textes.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} must be true or false.</source>
        <translation>« {field} » du serveur MCP {server} doit valoir true ou false.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} is empty.</source>
        <translation>« {field} » du serveur MCP {server} est vide.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} holds a text longer than {most} characters.</source>
        <translation>« {field} » du serveur MCP {server} contient un texte de plus de {most} caractères.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} has more than {most} entries.</source>
        <translation>« {field} » du serveur MCP {server} a plus de {most} entrées.</translation>
    </message>
    <message>
        <source>The “{field}” of the MCP server {server} holds a NUL character or a line break, which it cannot pass on.</source>
        <translation>« {field} » du serveur MCP {server} contient un caractère NUL ou un saut de ligne, qu’il ne peut pas transmettre.</translation>
    </message>
    <message>
        <source>“{entry}” is not a valid name in the “{field}” of the MCP server {server}.</source>
        <translation>« {entry} » n’est pas un nom valide dans « {field} » du serveur MCP {server}.</translation>
    </message>
    <message>
        <source>The MCP server {server} has the URL “{url}”, which is not an http:// or https:// address.</source>
        <translation>Le serveur MCP {server} a l’URL « {url} », qui n’est pas une adresse http:// ou https://.</translation>
    </message>
    <message>
        <source>The list of MCP servers cannot be saved to {path}.</source>
        <translation>La liste des serveurs MCP ne peut pas être enregistrée dans {path}.</translation>
    </message>
    <message>
        <source>There is no MCP server called {server}.</source>
        <translation>Aucun serveur MCP ne s’appelle {server}.</translation>
    </message>
    <message>
        <source>There is already an MCP server called {server}; choose another name.</source>
        <translation>Il existe déjà un serveur MCP nommé {server} ; choisissez un autre nom.</translation>
    </message>
    <message>
        <source>The line “{line}” in the “{field}” of the MCP server {server} needs a “{separator}” between the name and the value.</source>
        <translation>La ligne « {line} » dans « {field} » du serveur MCP {server} doit contenir un « {separator} » entre le nom et la valeur.</translation>
    </message>
    <message>
        <source>The MCP server {server} could not start: the program {command} was not found.</source>
        <translation>Le serveur MCP {server} n’a pas pu démarrer : le programme {command} est introuvable.</translation>
    </message>
    <message>
        <source>The MCP server {server} could not start {command}: {reason}.</source>
        <translation>Le serveur MCP {server} n’a pas pu lancer {command} : {reason}.</translation>
    </message>
    <message>
        <source>The MCP server {server} cannot be reached at {url}.</source>
        <translation>Le serveur MCP {server} est injoignable à l’adresse {url}.</translation>
    </message>
    <message>
        <source>The MCP server {server} did not answer within {seconds} seconds.</source>
        <translation>Le serveur MCP {server} n’a pas répondu en {seconds} secondes.</translation>
    </message>
    <message>
        <source>The MCP server {server} stopped unexpectedly.</source>
        <translation>Le serveur MCP {server} s’est arrêté de manière inattendue.</translation>
    </message>
    <message>
        <source>The MCP server {server} answered with an error: {reason}</source>
        <translation>Le serveur MCP {server} a répondu par une erreur : {reason}</translation>
    </message>
    <message>
        <source>The tool {tool} of the MCP server {server} could not be called: {reason}</source>
        <translation>L’outil {tool} du serveur MCP {server} n’a pas pu être appelé : {reason}</translation>
    </message>
    <message>
        <source>The tool {tool} of the MCP server {server} answered with a result MCP does not allow.</source>
        <translation>L’outil {tool} du serveur MCP {server} a répondu par un résultat que MCP n’autorise pas.</translation>
    </message>
    <message>
        <source>The MCP server {server} is not running.</source>
        <translation>Le serveur MCP {server} n’est pas en cours d’exécution.</translation>
    </message>
    <message>
        <source>No running MCP server offers a tool called {tool}.</source>
        <translation>Aucun serveur MCP en cours d’exécution ne propose d’outil nommé {tool}.</translation>
    </message>
    <message>
        <source>The tool&apos;s arguments are not valid JSON (line {line}, column {column}).</source>
        <translation>Les arguments de l’outil ne sont pas du JSON valide (ligne {line}, colonne {column}).</translation>
    </message>
    <message>
        <source>The tool&apos;s arguments must be a JSON object.</source>
        <translation>Les arguments de l’outil doivent être un objet JSON.</translation>
    </message>
    <message>
        <source>{device} needs {needed} but may use {budget}.</source>
        <translation>{device} nécessite {needed}, mais peut utiliser {budget}.</translation>
    </message>
    <message>
        <source>{device} takes at most {limit} in one tensor: {kept} of weights stay in system memory.</source>
        <translation>{device} accepte au plus {limit} par tenseur : {kept} de poids restent en mémoire système.</translation>
    </message>
    <message>
        <source>System RAM needs {needed} but may use {budget}.</source>
        <translation>La mémoire vive nécessite {needed}, mais peut utiliser {budget}.</translation>
    </message>
    <message>
        <source>Nothing fits, even at a context of {ctx}: choose a smaller quant or free memory.</source>
        <translation>Rien ne tient, même avec un contexte de {ctx} : choisissez une quantification plus petite ou libérez de la mémoire.</translation>
    </message>
    <message>
        <source>{requested} layers were asked for; the model has {maximum}.</source>
        <translation>{requested} couches ont été demandées ; le modèle en a {maximum}.</translation>
    </message>
    <message>
        <source>A remembered device is not present any more ({key}).</source>
        <translation>Un appareil mémorisé n’est plus présent ({key}).</translation>
    </message>
    <message>
        <source>This model is dense: it has no experts to keep on the CPU.</source>
        <translation>Ce modèle est dense : il n’a pas d’experts à garder sur le CPU.</translation>
    </message>
    <message>
        <source>Experts on the CPU reduced from {requested} to {maximum} layers.</source>
        <translation>Experts sur le CPU réduits de {requested} à {maximum} couches.</translation>
    </message>
    <message>
        <source>Tensor parallelism needs two or more devices.</source>
        <translation>Le parallélisme de tenseurs nécessite au moins deux appareils.</translation>
    </message>
    <message>
        <source>Tensor parallelism needs flash attention on.</source>
        <translation>Le parallélisme de tenseurs nécessite d’activer flash attention.</translation>
    </message>
    <message>
        <source>Tensor parallelism needs an unquantized KV cache (not {cache_type}).</source>
        <translation>Le parallélisme de tenseurs nécessite un cache KV non quantifié (pas {cache_type}).</translation>
    </message>
    <message>
        <source>Tensor parallelism does not support the {architecture} architecture.</source>
        <translation>Le parallélisme de tenseurs ne prend pas en charge l’architecture {architecture}.</translation>
    </message>
    <message>
        <source>This llama-server build has no tensor split mode.</source>
        <translation>Cette version de llama-server n’a pas de mode de répartition par tenseurs.</translation>
    </message>
    <message>
        <source>Tensor parallelism keeps every expert on the GPUs; experts on the CPU were reset.</source>
        <translation>Le parallélisme de tenseurs garde tous les experts sur les GPU ; les experts sur le CPU ont été réinitialisés.</translation>
    </message>
    <message>
        <source>Tensor parallelism needs the whole model on the GPUs, which does not fit: layer split is used.</source>
        <translation>Le parallélisme de tenseurs nécessite tout le modèle sur les GPU, ce qui ne tient pas : la répartition par couches est utilisée.</translation>
    </message>
    <message>
        <source>This llama-server build has no {cache_type} KV cache.</source>
        <translation>Cette version de llama-server n’a pas de cache KV {cache_type}.</translation>
    </message>
    <message>
        <source>The model has no MTP layers for speculative decoding.</source>
        <translation>Le modèle n’a pas de couches MTP pour le décodage spéculatif.</translation>
    </message>
    <message>
        <source>The model declares MTP layers but their tensors are missing (layers {layers}): the conversion dropped them.</source>
        <translation>Le modèle déclare des couches MTP, mais leurs tenseurs sont absents (couches {layers}) : la conversion les a supprimés.</translation>
    </message>
    <message>
        <source>This llama-server build has no MTP speculative decoding.</source>
        <translation>Cette version de llama-server n’a pas de décodage spéculatif MTP.</translation>
    </message>
    <message>
        <source>MTP and a draft model cannot be used together.</source>
        <translation>MTP et un modèle brouillon ne peuvent pas être utilisés ensemble.</translation>
    </message>
    <message>
        <source>A context of {requested} is below the minimum {minimum}.</source>
        <translation>Un contexte de {requested} est inférieur au minimum de {minimum}.</translation>
    </message>
    <message>
        <source>A context of {requested} is above the {trained} the model was trained for.</source>
        <translation>Un contexte de {requested} dépasse les {trained} sur lesquels le modèle a été entraîné.</translation>
    </message>
    <message>
        <source>Context rounded from {requested} to {planned}.</source>
        <translation>Contexte arrondi de {requested} à {planned}.</translation>
    </message>
    <message>
        <source>Context reduced from {trained} to {planned} to fit.</source>
        <translation>Contexte réduit de {trained} à {planned} pour tenir.</translation>
    </message>
    <message>
        <source>{variable}={value} from the environment is used.</source>
        <translation>{variable}={value} de l’environnement est utilisé.</translation>
    </message>
    <message>
        <source>{variable}={value} from the environment is ignored (cleared for the engine).</source>
        <translation>{variable}={value} de l’environnement est ignoré (effacé pour le moteur).</translation>
    </message>
    <message>
        <source>{device} cannot be used by this engine ({why}).</source>
        <translation>{device} ne peut pas être utilisé par ce moteur ({why}).</translation>
    </message>
    <message>
        <source>This llama-server build has no flash attention switch.</source>
        <translation>Cette version de llama-server n’a pas d’option flash attention.</translation>
    </message>
    <message>
        <source>This llama-server build cannot change the KV cache type.</source>
        <translation>Cette version de llama-server ne peut pas changer le type de cache KV.</translation>
    </message>
    <message>
        <source>This llama-server build has no draft-model speculative decoding.</source>
        <translation>Cette version de llama-server n’a pas de décodage spéculatif avec modèle brouillon.</translation>
    </message>
    <message>
        <source>No mmproj file was found beside the model.</source>
        <translation>Aucun fichier mmproj n’a été trouvé à côté du modèle.</translation>
    </message>
    <message>
        <source>This llama-server build cannot load a projector.</source>
        <translation>Cette version de llama-server ne peut pas charger de projecteur.</translation>
    </message>
    <message>
        <source>Tensor parallelism keeps every expert on the GPUs.</source>
        <translation>Le parallélisme de tenseurs garde tous les experts sur les GPU.</translation>
    </message>
    <message>
        <source>Tensor parallelism splits every layer over the devices.</source>
        <translation>Le parallélisme de tenseurs répartit chaque couche sur les appareils.</translation>
    </message>
    <message>
        <source>The llama-server engine cannot be run ({path}): it is not an executable file.</source>
        <translation>Le moteur llama-server ne peut pas être lancé ({path}) : ce n’est pas un fichier exécutable.</translation>
    </message>
    <message>
        <source>The disk is full: {path} could not be written.</source>
        <translation>Le disque est plein : {path} n’a pas pu être écrit.</translation>
    </message>
    <message>
        <source>The conversation could not be saved, so this answer stopped where it was last saved.</source>
        <translation>La conversation n’a pas pu être enregistrée : cette réponse s’arrête là où elle a été enregistrée pour la dernière fois.</translation>
    </message>
    <message>
        <source>The model file does not exist.</source>
        <translation>Le fichier du modèle n’existe pas.</translation>
    </message>
    <message>
        <source>The benchmark could not be written to {path}.</source>
        <translation>Le benchmark n’a pas pu être écrit dans {path}.</translation>
    </message>
    <message>
        <source>The file is not a valid GGUF model (truncated or corrupt).</source>
        <translation>Le fichier n’est pas un modèle GGUF valide (tronqué ou corrompu).</translation>
    </message>
    <message>
        <source>The engine exited before it said why.</source>
        <translation>Le moteur s’est arrêté avant d’en indiquer la raison.</translation>
    </message>
    <message>
        <source>This conversation no longer fits the model&apos;s context. Start a new conversation, let the chat drop the oldest messages (Inspector &gt; Context), or load the model with a larger context.</source>
        <translation>Cette conversation ne tient plus dans le contexte du modèle. Commencez une nouvelle conversation, laissez la discussion omettre les messages les plus anciens (Inspecteur &gt; Contexte) ou chargez le modèle avec un contexte plus grand.</translation>
    </message>
    <message>
        <source>The engine was stopped by a signal ({signal}).</source>
        <translation>Le moteur a été arrêté par un signal ({signal}).</translation>
    </message>
    <message numerus="yes">
        <source>%n layer(s) run on the CPU to fit.</source>
        <translation>
            <numerusform>%n couche tourne sur le CPU pour que tout tienne.</numerusform>
            <numerusform>%n couches tournent sur le CPU pour que tout tienne.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The experts of %n layer(s) stay on the CPU to fit.</source>
        <translation>
            <numerusform>Les experts de %n couche restent sur le CPU pour que tout tienne.</numerusform>
            <numerusform>Les experts de %n couches restent sur le CPU pour que tout tienne.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n message(s) of this conversation could not be read and are left out; the rest is shown.</source>
        <translation>
            <numerusform>%n message de cette conversation n’a pas pu être lu et est omis ; le reste est affiché.</numerusform>
            <numerusform>%n messages de cette conversation n’ont pas pu être lus et sont omis ; le reste est affiché.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n preset(s) in your presets file could not be used and are left out.</source>
        <translation>
            <numerusform>%n préréglage de votre fichier de préréglages n’était pas utilisable et est omis.</numerusform>
            <numerusform>%n préréglages de votre fichier de préréglages n’étaient pas utilisables et sont omis.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %n oldest message(s) were left out of this request so that it fits the model&apos;s context.</source>
        <translation>
            <numerusform>%n message, le plus ancien, a été omis de cette requête pour qu’elle tienne dans le contexte du modèle.</numerusform>
            <numerusform>Les %n messages les plus anciens ont été omis de cette requête pour qu’elle tienne dans le contexte du modèle.</numerusform>
        </translation>
    </message>
    <message>
        <source>Something went wrong ({code}).</source>
        <translation>Une erreur s’est produite ({code}).</translation>
    </message>
    <message>
        <source>no data for a while</source>
        <translation>aucune donnée depuis un moment</translation>
    </message>
    <message>
        <source>the connection dropped</source>
        <translation>la connexion a été coupée</translation>
    </message>
    <message>
        <source>cannot connect</source>
        <translation>connexion impossible</translation>
    </message>
    <message>
        <source>the bytes did not match the checksum</source>
        <translation>les données ne correspondaient pas à la somme de contrôle</translation>
    </message>
    <message>
        <source>the server refused to resume</source>
        <translation>le serveur a refusé la reprise</translation>
    </message>
    <message>
        <source>the server sent too much</source>
        <translation>le serveur a envoyé trop de données</translation>
    </message>
    <message>
        <source>server error {status}</source>
        <translation>erreur du serveur {status}</translation>
    </message>
    <message>
        <source>Retried on another port</source>
        <translation>Nouvel essai sur un autre port</translation>
    </message>
    <message>
        <source>Retried with flash attention off</source>
        <translation>Nouvel essai avec flash attention désactivé</translation>
    </message>
    <message>
        <source>Retried with the vision projector on the CPU</source>
        <translation>Nouvel essai avec le projecteur de vision sur le CPU</translation>
    </message>
    <message>
        <source>Retried without the vision projector</source>
        <translation>Nouvel essai sans le projecteur de vision</translation>
    </message>
    <message>
        <source>Retried without speculative decoding</source>
        <translation>Nouvel essai sans décodage spéculatif</translation>
    </message>
    <message>
        <source>Retried with layer split instead of tensor parallel</source>
        <translation>Nouvel essai avec répartition par couches au lieu du parallélisme de tenseurs</translation>
    </message>
    <message>
        <source>Retried with a smaller plan</source>
        <translation>Nouvel essai avec un plan plus petit</translation>
    </message>
    <message>
        <source>Retried with a context of {ctx} (it goes no lower than {floor})</source>
        <translation>Nouvel essai avec un contexte de {ctx} (jamais en dessous de {floor})</translation>
    </message>
    <message>
        <source>Retried with a {cache_type} KV cache</source>
        <translation>Nouvel essai avec un cache KV {cache_type}</translation>
    </message>
    <message>
        <source>Retried with the experts of {layers} layers on the CPU</source>
        <translation>Nouvel essai avec les experts de {layers} couches sur le CPU</translation>
    </message>
    <message>
        <source>Retried with {layers} layers left on {device}</source>
        <translation>Nouvel essai en laissant {layers} couches sur {device}</translation>
    </message>
    <message>
        <source>{step}, after: {cause}</source>
        <translation>{step}, après : {cause}</translation>
    </message>
    <message>
        <source>Not tested (an engine before it runs)</source>
        <translation>Non testé (un moteur précédent fonctionne)</translation>
    </message>
    <message>
        <source>Runs on this CPU</source>
        <translation>Fonctionne sur ce CPU</translation>
    </message>
    <message>
        <source>Cannot run here: built for {built_for}; this CPU has {cpu}.</source>
        <translation>Ne peut pas tourner ici : compilé pour {built_for} ; ce CPU dispose de {cpu}.</translation>
    </message>
    <message>
        <source>No model loaded</source>
        <translation>Aucun modèle chargé</translation>
    </message>
    <message>
        <source>Loading</source>
        <translation>Chargement</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>Prêt</translation>
    </message>
    <message>
        <source>Crashed</source>
        <translation>Planté</translation>
    </message>
    <message>
        <source>Restarting after a crash</source>
        <translation>Redémarrage après un plantage</translation>
    </message>
    <message>
        <source>Stopping</source>
        <translation>Arrêt en cours</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Échec</translation>
    </message>
    <message>
        <source>starting the engine</source>
        <translation>démarrage du moteur</translation>
    </message>
    <message>
        <source>loading the weights</source>
        <translation>chargement des poids</translation>
    </message>
    <message>
        <source>creating the context</source>
        <translation>création du contexte</translation>
    </message>
    <message>
        <source>warming up</source>
        <translation>préchauffage</translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>chargé</translation>
    </message>
    <message>
        <source>{state}: {phase}</source>
        <translation>{state} : {phase}</translation>
    </message>
    <message>
        <source>{state}: {reason}</source>
        <translation>{state} : {reason}</translation>
    </message>
    <message>
        <source>Loading {model}…</source>
        <translation>Chargement de {model}…</translation>
    </message>
    <message>
        <source>{model} is ready.</source>
        <translation>{model} est prêt.</translation>
    </message>
    <message>
        <source>The engine stopped unexpectedly; restarting it…</source>
        <translation>Le moteur s’est arrêté de façon inattendue ; redémarrage…</translation>
    </message>
    <message>
        <source>The engine crashed and was restarted; {model} is ready again.</source>
        <translation>Le moteur a planté et a redémarré ; {model} est de nouveau prêt.</translation>
    </message>
    <message>
        <source>{model} could not start as planned. {step}.</source>
        <translation>{model} n’a pas pu démarrer comme prévu. {step}.</translation>
    </message>
    <message>
        <source>{model} could not be loaded: {reason}</source>
        <translation>{model} n’a pas pu être chargé : {reason}</translation>
    </message>
    <message>
        <source>{model} was unloaded.</source>
        <translation>{model} a été déchargé.</translation>
    </message>
    <message>
        <source>{model} was not loaded automatically: the app closed unexpectedly while loading it last time. Load it again from the Library when you are ready.</source>
        <translation>{model} n’a pas été chargé automatiquement : l’application s’est fermée de façon inattendue lors de son dernier chargement. Rechargez-le depuis la Bibliothèque quand vous le souhaitez.</translation>
    </message>
    <message>
        <source>The last model, {model}, was not loaded automatically: its file is gone.</source>
        <translation>Le dernier modèle, {model}, n’a pas été chargé automatiquement : son fichier a disparu.</translation>
    </message>
    <message>
        <source>The model</source>
        <translation>Le modèle</translation>
    </message>
</context>
<context>
    <name>ServerPage</name>
    <message>
        <source>Memory: predicted, allocated by the engine, in use now</source>
        <translation>Mémoire : prévue, allouée par le moteur, utilisée maintenant</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Statut</translation>
    </message>
    <message>
        <source>Engine state</source>
        <translation>État du moteur</translation>
    </message>
    <message>
        <source>State</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Modèle</translation>
    </message>
    <message>
        <source>Context</source>
        <translation>Contexte</translation>
    </message>
    <message>
        <source>Process</source>
        <translation>Processus</translation>
    </message>
    <message>
        <source>Recovery</source>
        <translation>Récupération</translation>
    </message>
    <message>
        <source>Unload model</source>
        <translation>Décharger le modèle</translation>
    </message>
    <message>
        <source>Unload the model and stop the engine</source>
        <translation>Décharger le modèle et arrêter le moteur</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Moteur</translation>
    </message>
    <message>
        <source>Probing…</source>
        <translation>Vérification…</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>Binary</source>
        <translation>Exécutable</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Appareils</translation>
    </message>
    <message>
        <source>Supports</source>
        <translation>Prend en charge</translation>
    </message>
    <message>
        <source>Address of the running engine</source>
        <translation>Adresse du moteur en cours d’exécution</translation>
    </message>
    <message>
        <source>Engine address</source>
        <translation>Adresse du moteur</translation>
    </message>
    <message>
        <source>Copy</source>
        <translation>Copier</translation>
    </message>
    <message>
        <source>Command line of the engine, secrets redacted</source>
        <translation>Ligne de commande du moteur, secrets masqués</translation>
    </message>
    <message>
        <source>Copy the command line</source>
        <translation>Copier la ligne de commande</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>Commande</translation>
    </message>
    <message>
        <source>Engine log</source>
        <translation>Journal du moteur</translation>
    </message>
    <message>
        <source>Follow</source>
        <translation>Suivre</translation>
    </message>
    <message>
        <source>Scroll to new log lines</source>
        <translation>Défiler jusqu’aux nouvelles lignes du journal</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Aucun</translation>
    </message>
    <message numerus="yes">
        <source>{ctx} tokens, %n slot(s)</source>
        <translation>
            <numerusform>{ctx} jetons, %n emplacement</numerusform>
            <numerusform>{ctx} jetons, %n emplacements</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>pid {pid}; %n start(s), {respawns} after a crash</source>
        <translation>
            <numerusform>PID {pid} ; %n démarrage, dont {respawns} après un plantage</numerusform>
            <numerusform>PID {pid} ; %n démarrages, dont {respawns} après un plantage</numerusform>
        </translation>
    </message>
    <message>
        <source>llama-server {version} ({source})</source>
        <translation>llama-server {version} ({source})</translation>
    </message>
    <message>
        <source>{name}: {description}, {free} of {total} MiB free</source>
        <translation>{name} : {description}, {free} Mio libres sur {total}</translation>
    </message>
    <message>
        <source>None: models run on the CPU</source>
        <translation>Aucun : les modèles tournent sur le CPU</translation>
    </message>
    <message>
        <source>MoE experts on the CPU</source>
        <translation>Experts MoE sur le CPU</translation>
    </message>
    <message>
        <source>tensor parallel</source>
        <translation>parallélisme de tenseurs</translation>
    </message>
    <message>
        <source>RPC devices</source>
        <translation>Appareils RPC</translation>
    </message>
    <message>
        <source>vision projectors</source>
        <translation>projecteurs de vision</translation>
    </message>
    <message>
        <source>MTP speculative decoding</source>
        <translation>Décodage spéculatif MTP</translation>
    </message>
    <message>
        <source>KV cache types: {types}</source>
        <translation>Types de cache KV : {types}</translation>
    </message>
    <message>
        <source>Unavailable: {detail}</source>
        <translation>Indisponible : {detail}</translation>
    </message>
</context>
<context>
    <name>ServerStatusLabel</name>
    <message>
        <source>Model and engine state</source>
        <translation>État du modèle et du moteur</translation>
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
        <translation>Moteur</translation>
    </message>
    <message>
        <source>Bundled llama-server</source>
        <translation>llama-server fourni</translation>
    </message>
    <message>
        <source>llama-server binary</source>
        <translation>Exécutable llama-server</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Parcourir…</translation>
    </message>
    <message>
        <source>Choose the llama-server binary</source>
        <translation>Choisir l’exécutable llama-server</translation>
    </message>
    <message>
        <source>Use bundled</source>
        <translation>Utiliser celui fourni</translation>
    </message>
    <message>
        <source>Use the bundled llama-server</source>
        <translation>Utiliser le llama-server fourni</translation>
    </message>
    <message>
        <source>Binary</source>
        <translation>Exécutable</translation>
    </message>
    <message>
        <source>Not probed yet</source>
        <translation>Pas encore vérifié</translation>
    </message>
    <message>
        <source>Engine status</source>
        <translation>État du moteur</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Statut</translation>
    </message>
    <message>
        <source>Engines found on this computer</source>
        <translation>Moteurs trouvés sur cet ordinateur</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>CPU variant</source>
        <translation>Variante CPU</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Verdict</translation>
    </message>
    <message>
        <source>Engine columns</source>
        <translation>Colonnes des moteurs</translation>
    </message>
    <message>
        <source>Found</source>
        <translation>Trouvés</translation>
    </message>
    <message>
        <source>Use selected engine</source>
        <translation>Utiliser le moteur sélectionné</translation>
    </message>
    <message>
        <source>Build engine for this computer…</source>
        <translation>Compiler un moteur pour cet ordinateur…</translation>
    </message>
    <message>
        <source>A different engine is used from the next start.</source>
        <translation>Un autre moteur sera utilisé au prochain démarrage.</translation>
    </message>
    <message>
        <source>Model folders</source>
        <translation>Dossiers de modèles</translation>
    </message>
    <message>
        <source>Folders searched for GGUF models</source>
        <translation>Dossiers où chercher des modèles GGUF</translation>
    </message>
    <message>
        <source>Add folder…</source>
        <translation>Ajouter un dossier…</translation>
    </message>
    <message>
        <source>Add a model folder</source>
        <translation>Ajouter un dossier de modèles</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <source>Remove the selected model folder</source>
        <translation>Retirer le dossier de modèles sélectionné</translation>
    </message>
    <message>
        <source>Remote devices (llama.cpp RPC)</source>
        <translation>Appareils distants (RPC llama.cpp)</translation>
    </message>
    <message>
        <source>Machines running ggml-rpc-server, as host:port. Their memory appears in the load dialog beside your GPUs.</source>
        <translation>Machines exécutant ggml-rpc-server, au format hôte:port. Leur mémoire apparaît dans la fenêtre de chargement à côté de vos GPU.</translation>
    </message>
    <message>
        <source>Remote RPC devices</source>
        <translation>Appareils RPC distants</translation>
    </message>
    <message>
        <source>New remote device as host:port</source>
        <translation>Nouvel appareil distant au format hôte:port</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Ajouter</translation>
    </message>
    <message>
        <source>Add the remote device</source>
        <translation>Ajouter l’appareil distant</translation>
    </message>
    <message>
        <source>Remove the selected remote device</source>
        <translation>Retirer l’appareil distant sélectionné</translation>
    </message>
    <message>
        <source>Hugging Face</source>
        <translation>Hugging Face</translation>
    </message>
    <message>
        <source>Hugging Face endpoint</source>
        <translation>Point d’accès Hugging Face</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>Point d’accès</translation>
    </message>
    <message>
        <source>System proxy settings</source>
        <translation>Paramètres de proxy du système</translation>
    </message>
    <message>
        <source>Proxy for downloads</source>
        <translation>Proxy pour les téléchargements</translation>
    </message>
    <message>
        <source>Proxy</source>
        <translation>Proxy</translation>
    </message>
    <message>
        <source>Hugging Face access token</source>
        <translation>Jeton d’accès Hugging Face</translation>
    </message>
    <message>
        <source>Save token</source>
        <translation>Enregistrer le jeton</translation>
    </message>
    <message>
        <source>Check and save the access token</source>
        <translation>Vérifier et enregistrer le jeton d’accès</translation>
    </message>
    <message>
        <source>Remove token</source>
        <translation>Retirer le jeton</translation>
    </message>
    <message>
        <source>Remove the stored access token</source>
        <translation>Retirer le jeton d’accès enregistré</translation>
    </message>
    <message>
        <source>Token</source>
        <translation>Jeton</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>Apparence</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Langue</translation>
    </message>
    <message>
        <source>System default</source>
        <translation>Langue du système</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Thème</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>Suivre le système</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Clair</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>Sombre</translation>
    </message>
    <message numerus="yes">
        <source>llama-server {version} ({source}) at {path}; %n device(s)</source>
        <translation>
            <numerusform>llama-server {version} ({source}) dans {path} ; %n appareil</numerusform>
            <numerusform>llama-server {version} ({source}) dans {path} ; %n appareils</numerusform>
        </translation>
    </message>
    <message>
        <source>The engine cannot be used: {detail}</source>
        <translation>Le moteur ne peut pas être utilisé : {detail}</translation>
    </message>
    <message>
        <source>Checking the engine…</source>
        <translation>Vérification du moteur…</translation>
    </message>
    <message>
        <source>Choose llama-server</source>
        <translation>Choisir llama-server</translation>
    </message>
    <message>
        <source>Choose a folder with models</source>
        <translation>Choisir un dossier de modèles</translation>
    </message>
    <message>
        <source>A token is stored: {masked}</source>
        <translation>Un jeton est enregistré : {masked}</translation>
    </message>
    <message>
        <source>No token: gated and private models cannot be downloaded.</source>
        <translation>Aucun jeton : les modèles à accès restreint et privés ne peuvent pas être téléchargés.</translation>
    </message>
    <message>
        <source>Paste a token first.</source>
        <translation>Collez d’abord un jeton.</translation>
    </message>
    <message>
        <source>Checking the token with Hugging Face…</source>
        <translation>Vérification du jeton auprès de Hugging Face…</translation>
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
        <translation>Afficher ou masquer la barre latérale</translation>
    </message>
    <message>
        <source>Show or hide the sidebar (Ctrl+B)</source>
        <translation>Afficher ou masquer la barre latérale (Ctrl+B)</translation>
    </message>
    <message>
        <source>Areas</source>
        <translation>Sections</translation>
    </message>
</context>
<context>
    <name>StudioAreas</name>
    <message>
        <source>&amp;Open GGUF…</source>
        <translation>&amp;Ouvrir un GGUF…</translation>
    </message>
    <message>
        <source>&amp;Unload</source>
        <translation>&amp;Décharger</translation>
    </message>
    <message>
        <source>Unload &amp;All</source>
        <translation>Décharger &amp;tout</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Paramètres</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
</context>
<context>
    <name>TextFileDrops</name>
    <message>
        <source>**{name}** ({tokens} tokens)</source>
        <translation>**{name}** ({tokens} jetons)</translation>
    </message>
</context>
<context>
    <name>ThumbnailCache</name>
    <message>
        <source>image</source>
        <translation>image</translation>
    </message>
    <message>
        <source>{name} (the image file is missing)</source>
        <translation>{name} (le fichier image est introuvable)</translation>
    </message>
</context>
<context>
    <name>ToolApprovalPrompt</name>
    <message>
        <source>Tool call waiting for your approval</source>
        <translation>Appel d’outil en attente de votre accord</translation>
    </message>
    <message>
        <source>Arguments of the call</source>
        <translation>Arguments de l’appel</translation>
    </message>
    <message>
        <source>&amp;Allow once</source>
        <translation>Autoriser &amp;une fois</translation>
    </message>
    <message>
        <source>A&amp;lways allow this tool</source>
        <translation>&amp;Toujours autoriser cet outil</translation>
    </message>
    <message>
        <source>Runs this tool without asking for the rest of this conversation.</source>
        <translation>Exécute cet outil sans demander, jusqu’à la fin de cette conversation.</translation>
    </message>
    <message>
        <source>&amp;Deny</source>
        <translation>&amp;Refuser</translation>
    </message>
    <message>
        <source>“Always” lasts for this conversation until Studio quits. Enter allows once, Esc denies; a denied call is not run and the model is told.</source>
        <translation>« Toujours » vaut pour cette conversation jusqu’à la fermeture de Studio. Entrée autorise une fois, Échap refuse ; un appel refusé n’est pas exécuté et le modèle en est informé.</translation>
    </message>
    <message>
        <source>Run the tool {tool} of the MCP server {server}?</source>
        <translation>Exécuter l’outil {tool} du serveur MCP {server} ?</translation>
    </message>
    <message>
        <source>Run the tool {tool}?</source>
        <translation>Exécuter l’outil {tool} ?</translation>
    </message>
</context>
<context>
    <name>ToolBlocks</name>
    <message>
        <source>(name not written yet)</source>
        <translation>(nom pas encore écrit)</translation>
    </message>
    <message>
        <source>result typed by you</source>
        <translation>résultat saisi par vous</translation>
    </message>
    <message>
        <source>ran on {server}</source>
        <translation>exécuté sur {server}</translation>
    </message>
    <message>
        <source>not run on {server}</source>
        <translation>non exécuté sur {server}</translation>
    </message>
    <message>
        <source>waiting for your approval</source>
        <translation>en attente de votre accord</translation>
    </message>
    <message>
        <source>running on {server}…</source>
        <translation>exécution sur {server}…</translation>
    </message>
    <message>
        <source>being written…</source>
        <translation>en cours d’écriture…</translation>
    </message>
    <message>
        <source>waiting for a result</source>
        <translation>en attente d’un résultat</translation>
    </message>
</context>
<context>
    <name>ToolResultDialog</name>
    <message>
        <source>Result of {name}</source>
        <translation>Résultat de {name}</translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation>Résultat de l’outil</translation>
    </message>
    <message>
        <source>What the tool returned, e.g. {&quot;temp_c&quot;: 21}</source>
        <translation>Ce que l’outil a renvoyé, par ex. {&quot;temp_c&quot;: 21}</translation>
    </message>
    <message>
        <source>{name} was called with:</source>
        <translation>{name} a été appelé avec :</translation>
    </message>
    <message>
        <source>Send result</source>
        <translation>Envoyer le résultat</translation>
    </message>
</context>
<context>
    <name>ToolsPanel</name>
    <message>
        <source>Tool definitions (JSON)</source>
        <translation>Définitions d’outils (JSON)</translation>
    </message>
    <message>
        <source>Tool choice</source>
        <translation>Choix de l’outil</translation>
    </message>
    <message>
        <source>Model decides</source>
        <translation>Le modèle décide</translation>
    </message>
    <message>
        <source>Must call a tool</source>
        <translation>Doit appeler un outil</translation>
    </message>
    <message>
        <source>No calls</source>
        <translation>Aucun appel</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Appels</translation>
    </message>
    <message>
        <source>Tools from MCP servers</source>
        <translation>Outils des serveurs MCP</translation>
    </message>
    <message>
        <source>Offers the tools of the MCP servers set up in Settings; each call runs once you allow it.</source>
        <translation>Propose les outils des serveurs MCP configurés dans les Paramètres ; chaque appel s’exécute une fois que vous l’avez autorisé.</translation>
    </message>
    <message>
        <source>Rounds of tool calls per question</source>
        <translation>Tours d’appels d’outils par question</translation>
    </message>
    <message>
        <source>How many answers in a row may call tools before the chat stops them.</source>
        <translation>Nombre de réponses consécutives pouvant appeler des outils avant que la discussion ne les arrête.</translation>
    </message>
    <message>
        <source>Rounds at most</source>
        <translation>Nombre maximal de tours</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>Outils</translation>
    </message>
    <message>
        <source>Show token probabilities</source>
        <translation>Afficher les probabilités des jetons</translation>
    </message>
    <message>
        <source>Token probabilities</source>
        <translation>Probabilités des jetons</translation>
    </message>
    <message>
        <source>This model&apos;s chat template does not describe tools: it cannot call them.</source>
        <translation>Le modèle de chat de ce modèle ne décrit pas d’outils : il ne peut pas les appeler.</translation>
    </message>
    <message>
        <source>The chat asks before each call: allow it once, always for that tool, or deny it.</source>
        <translation>La discussion demande avant chaque appel : l’autoriser une fois, toujours pour cet outil, ou le refuser.</translation>
    </message>
    <message>
        <source>MCP servers are not available in this window.</source>
        <translation>Les serveurs MCP ne sont pas disponibles dans cette fenêtre.</translation>
    </message>
    <message>
        <source>Not while tools are set: the engine sends no probabilities with tools.</source>
        <translation>Indisponible tant que des outils sont définis : avec des outils, le moteur n’envoie pas de probabilités.</translation>
    </message>
    <message>
        <source>Tints each token of an answer by how likely it was; hover a token to see the alternatives.</source>
        <translation>Colore chaque jeton d’une réponse selon sa probabilité ; survolez un jeton pour voir les alternatives.</translation>
    </message>
</context>
<context>
    <name>VariantGrid</name>
    <message>
        <source>Base (this plan)</source>
        <translation>Base (ce plan)</translation>
    </message>
    <message>
        <source>Add a variant</source>
        <translation>Ajouter une variante</translation>
    </message>
    <message>
        <source>Add a variant to compare with the base</source>
        <translation>Ajouter une variante à comparer avec la base</translation>
    </message>
    <message>
        <source>on</source>
        <translation>activé</translation>
    </message>
    <message>
        <source>off</source>
        <translation>désactivé</translation>
    </message>
    <message>
        <source>{n} layers on {device}</source>
        <translation>{n} couches sur {device}</translation>
    </message>
    <message>
        <source>Layers on {device}</source>
        <translation>Couches sur {device}</translation>
    </message>
    <message>
        <source>Layers with experts on the CPU</source>
        <translation>Couches dont les experts sont sur le CPU</translation>
    </message>
    <message>
        <source>experts of {n} layers on the CPU</source>
        <translation>experts de {n} couches sur le CPU</translation>
    </message>
    <message>
        <source>Tensor parallel</source>
        <translation>Parallélisme de tenseurs</translation>
    </message>
    <message>
        <source>tensor parallel</source>
        <translation>parallélisme de tenseurs</translation>
    </message>
    <message>
        <source>split by layer</source>
        <translation>réparti par couches</translation>
    </message>
    <message>
        <source>KV cache type</source>
        <translation>Type de cache KV</translation>
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
        <translation>flash attention activée</translation>
    </message>
    <message>
        <source>flash attention off</source>
        <translation>flash attention désactivée</translation>
    </message>
    <message>
        <source>Micro-batch (tokens)</source>
        <translation>Micro-lot (tokens)</translation>
    </message>
    <message>
        <source>micro-batch {n}</source>
        <translation>micro-lot {n}</translation>
    </message>
    <message>
        <source>CPU threads</source>
        <translation>Threads CPU</translation>
    </message>
    <message>
        <source>threads {n}</source>
        <translation>threads {n}</translation>
    </message>
    <message>
        <source>automatic</source>
        <translation>automatique</translation>
    </message>
</context>
<context>
    <name>WaysIn</name>
    <message>
        <source>No models yet. Start from a GGUF file you have, a folder of them, or find one on Hugging Face.</source>
        <translation>Aucun modèle pour l’instant. Partez d’un fichier GGUF que vous avez, d’un dossier qui en contient, ou trouvez-en un sur Hugging Face.</translation>
    </message>
    <message>
        <source>Open GGUF file…</source>
        <translation>Ouvrir un fichier GGUF…</translation>
    </message>
    <message>
        <source>Add a folder…</source>
        <translation>Ajouter un dossier…</translation>
    </message>
    <message>
        <source>Discover</source>
        <translation>Découvrir</translation>
    </message>
    <message>
        <source>Search Hugging Face for GGUF models</source>
        <translation>Chercher des modèles GGUF sur Hugging Face</translation>
    </message>
</context>
<context>
    <name>_Column</name>
    <message>
        <source>Remove</source>
        <translation>Retirer</translation>
    </message>
    <message>
        <source>{knob} of variant {n}</source>
        <translation>{knob} de la variante {n}</translation>
    </message>
    <message>
        <source>Remove variant {n}</source>
        <translation>Retirer la variante {n}</translation>
    </message>
    <message>
        <source>same as the base</source>
        <translation>identique à la base</translation>
    </message>
</context>
<context>
    <name>context</name>
    <message>
        <source>{document}, page {page}</source>
        <translation>{document}, page {page}</translation>
    </message>
</context>
<context>
    <name>parent</name>
    <message>
        <source>Use {device}</source>
        <translation>Utiliser {device}</translation>
    </message>
    <message>
        <source>Layers on {device}</source>
        <translation>Couches sur {device}</translation>
    </message>
    <message>
        <source>Choose a draft model</source>
        <translation>Choisir un modèle brouillon</translation>
    </message>
    <message>
        <source>GGUF models (*.gguf)</source>
        <translation>Modèles GGUF (*.gguf)</translation>
    </message>
    <message>
        <source>The plan does not fit</source>
        <translation>Le plan ne tient pas</translation>
    </message>
    <message>
        <source>This plan needs more memory than is free. Loading it may fail with an out-of-memory error, or slow the whole computer down.</source>
        <translation>Ce plan nécessite plus de mémoire qu’il n’en reste. Le chargement peut échouer faute de mémoire ou ralentir tout l’ordinateur.</translation>
    </message>
    <message>
        <source>Load anyway</source>
        <translation>Charger quand même</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>Image PNG (*.png)</translation>
    </message>
    <message>
        <source>CSV table (*.csv)</source>
        <translation>Tableau CSV (*.csv)</translation>
    </message>
    <message>
        <source>JSON document (*.json)</source>
        <translation>Document JSON (*.json)</translation>
    </message>
    <message>
        <source>Export the benchmark</source>
        <translation>Exporter le banc d&apos;essai</translation>
    </message>
</context>
<context>
    <name>text</name>
    <message>
        <source>Reconnecting in {delay:.0f} s ({reason})</source>
        <translation>Reconnexion dans {delay:.0f} s ({reason})</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>En attente</translation>
    </message>
    <message>
        <source>Checking disk space</source>
        <translation>Vérification de l’espace disque</translation>
    </message>
    <message>
        <source>Downloading</source>
        <translation>Téléchargement</translation>
    </message>
    <message>
        <source>Reconnecting</source>
        <translation>Reconnexion</translation>
    </message>
    <message>
        <source>Paused</source>
        <translation>Suspendu</translation>
    </message>
    <message>
        <source>Done, verified</source>
        <translation>Terminé, vérifié</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Échec</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Annulé</translation>
    </message>
</context>
</TS>
