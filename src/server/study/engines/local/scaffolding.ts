/**
 * What a teacher never turns into study material: exercise prompts and instructions ("Determine the number of …",
 * "Berechnen Sie …"), questions put to the reader, website navigation ("Klicke auf die …"), references and
 * bibliography entries, and text that is markup rather than language (raw LaTeX, private-use glyphs). The engine
 * leaves such sentences out of every artefact; the item-flaw checks (item-flaws.ts) report any that slip through.
 */

/** Verbs that open an instruction to the reader, English (base form, sentence-initial). */
const englishImperatives = new Set(
  `answer apply argue assume calculate check choose circle click compare complete compute consider construct convert
  copy define derive describe design determine discuss draw enter estimate evaluate explain express fill find give go
  identify imagine implement indicate justify label let list look make mark match name note observe open outline plot
  prove put read recall remember repeat rewrite see select show simplify sketch solve sort state suppose take think tick try
  type use verify visit watch work write learn understand perform peform practise practice review explore discover
  familiarize familiarise get please notice interpret analyse analyze assess distinguish recognise recognize relate
  summarise summarize formulate predict classify consult refer download install save press navigate become`.split(/\s+/),
);

/** German imperatives (du-form and the stem of the Sie-form "Berechnen Sie"), sentence-initial. */
const germanImperativeStems = new Set(
  `analysier antwort begründ benenn berechn beschreib bestimm betracht beurteil beweis bewert diskutier entscheid
  erklär erläuter ergänz erstell finde formulier füll gib interpretier klick kreuz lies lös markier nenn notier ordn
  prüf recherchier schau schreib skizzier stell überleg überprüf untersuch verbind vergleich wähl zeichn zeig zähl
  ermittl gestalt leg les öffn setz trag vervollständig denk acht beacht merk frag nutz verwend probier versuch hör
  sieh beschränk bild nimm wiederhol übertrag achte halt bitt`.split(/\s+/),
);

const exerciseLabel =
  /^(?:examples? \d+[a-z]?(?=\s*[:.])|beispiel \d+[a-z]?(?=\s*[:.])|exercises?|problems?|tasks?|questions?|quiz|homework|assignment|solutions?|answers?|hints?|tips?|aufgaben?|übungs?(?:aufgaben?|blatt)?|übungen|fragen?|lösungs?(?:hinweise?)?|lösungen|hinweise?|tipps?|arbeitsauftrag|arbeitsaufträge)\b\s*(?:\d+[a-z]?(?:\.\d+)*)?\s*[:.)]?/i;
const pointsNote =
  /\(\s*\d+(?:[.,]5)?\s*(?:p|pt|pts|points?|punkte?|p\.)\s*\)|\[\s*\d+\s*(?:p|pt|pts|points?|punkte?)\s*\]|\s[–-]\s*\d+(?:[.,]5)?\s*(?:P|Pkt|Punkte?|pts?|points?)\b|\bnicht\s+(?:\p{L}+\s+)?abgefragt\b|\b(?:prüfungsrelevant|klausurrelevant)\b/iu;
const itemLabel = /^\(?(?:[a-h]|i{1,3}|iv|v)\)\s/;
const navigation =
  /\b(?:click|klicke?n?|tap|scroll|log ?in|sign ?in|menu|menü|homepage|startseite|download|herunterladen|zurück zur|back to|next page|nächste seite|weiter zu)\b/i;
/** A site's footer links ("Impressum · Datenschutz · Kontakt"): navigation only as a line of links, not in a sentence. */
const footerLinks =
  /^(?:(?:impressum|imprint|datenschutz(?:erklärung)?|privacy(?: policy)?|cookies?(?:-?einstellungen| settings)?|kontakt|contact|agb|terms(?: of use)?|barrierefreiheit|accessibility|sitemap)\s*(?:[|·•,/]\s*|$))+$/i;
/** A citation, a source, or a publisher's notice ("To copy otherwise … requires prior specific permission"). */
const referenceLike =
  /\bthe references? (?:is|are)\b|\bet al\.|\bISBN\b|\bdoi:|\bpp?\.\s?\d|\bS\.\s?\d+\s?[-–]\s?\d+|\bVol\.\s?\d|\bHrsg\.|\bAufl(?:age|\.)|\bVerlag\b|\bPress\b,|\bedition\b|\(\s?(?:19|20)\d\d[a-z]?\s?\)\s?[.:,]|\b(?:retrieved|abgerufen) (?:from|am)\b|https?:\/\/|www\.|\bto copy otherwise\b|\bpermission to make (?:digital|hard) (?:or hard )?copies\b|\brequires prior specific permission\b|\ball rights reserved\b|\balle rechte vorbehalten\b/i;
const rawMarkup = /\\\(|\\\)|\\\[|\\\]|\$\$|\\(?:frac|sum|int|sqrt|alpha|beta|gamma|delta|cdot|times|mathrm|mathbf|left|right|begin|end|text)\b|\\[*_#`]|[\uE000-\uF8FF\uFFFD]/u;

const ruleLabel = /^(?:regel|grundregel|faustregel|merke|merksatz|rule|rule of thumb|golden rule|remember)\s*:\s*\S/i;

/** A paragraph that opens with an exercise's label ("Exercise 2.3", "Aufgabe 4:", "(b)"): all of it is the exercise. */
export function startsExercise(text: string): boolean {
  return /^(?:exercise|problem|task|question|aufgabe|übung|frage)\s*\d/i.test(text.trim()) || (exerciseLabel.test(text.trim()) && /^\S+\s*\d/.test(text.trim())) || itemLabel.test(text.trim());
}

/**
 * The course talking about itself rather than its subject: plans, objectives, thanks ("In this lecture we will …",
 * "Let us illustrate …", "Im Folgenden wollen wir …", "Unsere Aufgabe ist …", "Vielen Dank an …").
 */
const narration =
  /^(?:let(?:'s| us)\b|in (?:this|the next|the following|today's) (?:lecture|chapter|section|session|course|unit|part|tutorial|talk|slides?|handout)\b.*\b(?:we|you)\b|(?:we|you) will (?:learn|see|discuss|look|study|cover|explore|show|review|focus|now|start|begin|use|need)\b|we (?:now|first|next) (?:turn|look|consider|discuss|want|need|show)\b|the (?:aim|goal|purpose|objective)s? of (?:this|the) (?:lecture|chapter|course|session|tutorial|unit)\b|(?:many |special )?thanks?\b|i (?:would like to |want to )?thank|we (?:would like to |want to )?thank|im folgenden (?:wollen|werden|betrachten|sehen)|in (?:diesem|dem folgenden|dieser) (?:kapitel|abschnitt|vorlesung|einheit|lektion|teil|skript)\b.*\b(?:wir|ihr|du)\b|wir (?:wollen|werden) (?:nun|uns|im|jetzt|zunächst|als nächstes)\b|(?:unsere|eure|deine|ihre) aufgabe (?:ist|besteht)\b|lernziele?\b|(?:vielen |herzlichen )?dank\b|ich danke|wir danken|(?:in order )?to (?:illustrate|demonstrate) (?:how|the|this)\b|(?:a |an |one |another )?(?:good |typical |simple |classic |nice )?example (?:is|would be) (?:that|those) of\b)|\b(?:im|dieses|diesem|das) skript\b|\bübungsaufgaben\b|\bbisher besprochene|\bin this (?:course|tutorial|document|handout)\b|\bwill be (?:illustrated|discussed|shown|presented|covered|introduced|explained|described|demonstrated|treated|examined)\b|\bwird (?:aber |auch |erst )?(?:hier|später|im folgenden|im nächsten \p{L}+|noch|an anderer stelle)(?: \p{L}+)? (?:nicht )?(?:näher )?(?:behandelt|besprochen|vorgestellt|erläutert|durchgeführt|gezeigt)\b|\bziel (?:des|der|dieses|dieser) (?:\p{L}*kurs\p{L}*|vorlesung|veranstaltung|seminars?|moduls?)\b|\bzu den inhalten\b|\b(?:die |den |der )?studierenden\b|\bstudenten\b|\bstudiengäng\p{L}*|\bstudiengang\b|\bkorrektor(?:in)?\b/iu;

/**
 * A teacher's notes on a slide, written about the class rather than the subject: "Die Lernenden sollen …", "Erwartung:
 * …", "Ziel: …", "Students should …". The label openers are the usual ones of lesson plans and speaker notes.
 */
const teacherNote =
  /^(?:(?:erwartung|erwartungshorizont|ziel|lernziel|impuls|tafelbild|didaktische[rn]? hinweis|methodische[rn]? hinweis|sozialform|zeitbedarf|material|differenzierung|sicherung|einstieg|überleitung|lehrerhinweis|eigene grafik|eigene darstellung|expected answer|teacher(?:'s)? notes?|speaker notes?|learning (?:goal|objective)s?|differentiation)\s*:)|\b(?:(?:die|der|den|alle|einzelne|manche) (?:lernenden|lernende|schülerinnen|schüler)|schülerinnen und schüler|\bein(?:e)? schüler(?:in)?\b|\bschüler(?:innen)? (?:arbeiten|haben|sollen|können|dürfen|erhalten|bekommen|nutzen|öffnen|melden)\b|\bsus\b|lernende (?:sollen|können|jeweils|erklären|beschreiben|nennen)|(?:students|learners|pupils) (?:should|will|can|must|need to)|ask (?:the )?(?:students|learners|class)|powerpoint|titelgrafik|titelfolie)\b/i;

/** Modal and auxiliary verbs, finite: a sentence with one of them states something (it is no bare infinitive). */
export const germanFinite =
  /\b(?:ist|sind|war|waren|wird|werden|wurde|wurden|kann|können|konnte|muss|müssen|musste|soll|sollen|sollte|sollten|darf|dürfen|hat|haben|hatte|gibt|lässt|bleibt|bleiben|gilt|gelten|heißt|heißen|steht|stehen|entsteht|entstehen|liegt|liegen)\b/i;

/**
 * A German instruction in the infinitive, as lesson plans and speaker notes write them: "Lernende ein Gegenbeispiel
 * erklären lassen.", "Potenzen von links nach rechts betrachten.", "Übertrag nicht vergessen." — it ends with a verb
 * in the infinitive and has no finite verb and no subordinate clause ("…, um … zu erkennen" states a purpose).
 */
function isInfinitiveInstruction(sentence: string): boolean {
  const text = sentence.replace(conditionLead, '');
  const words = text.replace(/[.!]["”“)]?$/, '').match(/[\p{L}-]+/gu) ?? [];
  const last = words.at(-1) ?? '';
  if (words.length < 2 || words.length > 16 || !/^\p{Ll}+(?:en|ern|eln)$/u.test(last)) return false;
  if (words.at(-2)?.toLowerCase() === 'zu' || /^\p{Ll}+zu\p{Ll}+en$/u.test(last) && !/^zu/.test(last)) return false;
  if (germanFinite.test(text) || /,/.test(text)) return false;
  // A main clause states: its subject (article, adjectives, a capitalised noun) and then the finite verb, lower case —
  // "Die Zellen teilen sich und wachsen." An instruction goes on with an object, an adverb or a preposition instead.
  let index = /^(?:die|der|das|ein|eine|viele|alle|jede[rs]?|manche|einige|beide)$/i.test(words[0] ?? '') ? 1 : 0;
  while (index < words.length && /^\p{Ll}/u.test(words[index] ?? '') && index > 0) index++;
  const noun = words[index] ?? '';
  const verb = words[index + 1] ?? '';
  // (A finite verb ends as one: "teilen", "wächst", "hat" — "langsam" after "Die Rechnung" is an adverb of the
  // instruction "Die Rechnung langsam … moderieren.")
  if (/^\p{Lu}/u.test(noun) && !instructionOpeners.test(noun) && /^\p{Ll}{2,}(?:t|en|ern|eln|n)$/u.test(verb) && !notVerbs.test(verb)) return false;
  return true;
}

/** Words that open an instruction's phrase: prepositions and adverbs, never a subject. */
const instructionOpeners = /^(?:vor|nach|mit|bei|zu|zur|zum|an|auf|in|im|aus|für|über|unter|durch|ohne|gegen|danach|dann|zuerst|zunächst|anschließend|abschließend|gemeinsam|möglichst|kurz|jetzt|erst|nun|noch|bitte|später|vorher|nochmals|hier|dabei|dazu)$/i;
/** Lower-case words after a noun that are no finite verb. */
const notVerbs =
  /^(?:von|mit|bei|zu|zur|zum|an|am|auf|in|im|aus|für|über|unter|durch|ohne|gegen|nach|vor|und|oder|als|wie|nicht|noch|nur|auch|erst|jeweils|zunächst|zuerst|dann|danach|möglichst|gezielt|direkt|sichtbar|immer|gemeinsam|kurz|zusätzlich|sofort|genau|selbst|der|die|das|den|dem|des|ein|eine|einen|einem|einer)$/i;

/** A question that lost its mark ("Is there any trend in the survival …."): an auxiliary before its subject. */
const englishQuestion =
  /^(?:(?:how|why|what|when|where|which)\s+(?:the|a|an|this|these|those|to|much|many)\s|(?:is|are|was|were|do|does|did|can|could|should|would|will|has|have|may|might)\s+(?:there|it|this|that|these|those|they|we|you|he|she|the|a|an|any|our|your|their)\b|(?:what|why|how|which|who|when|where)\s+(?:is|are|was|were|do|does|did|can|could|should|would|will|has|have|many|much|often)\b)/i;

/**
 * A German question that lost its mark ("Wie ändert sich die Nachfrage nach einem Gut … ."): a question word and then
 * the finite verb. "Wie bereits gezeigt, …" and "Was … betrifft" go on with no verb of the question.
 */
const germanQuestion =
  /^(?:wie|was|warum|wieso|weshalb|weswegen|welche[rsmn]?|wer|wen|wem|wo|wann|woran|wodurch|wozu|womit|wofür|inwiefern|worin)\s+(?:ist|sind|war|waren|wird|werden|kann|können|muss|müssen|soll|sollen|hat|haben|gibt|lässt|verhält|ändert|ändern|entsteht|entstehen|funktioniert|funktionieren|berechnet|bestimmt|unterscheidet|unterscheiden|hängt|hängen|heißt|heißen|lautet|lauten|bedeutet|beschreibt|erkennt|findet|macht|sieht|wirkt|wirken)\b|^welche[rsmn]?\s+(?:\p{Ll}+\s+)?\p{Lu}[\p{L}-]*\s+(?:\$[^$]*\$\s+)?\p{Ll}+(?:t|en)\b/iu;

/**
 * 'step': a step of a procedure or an algorithm in the imperative ("Traversiere ausgehend von den Wurzeln …",
 * "Stoppe Programmausführung …"): no statement to learn as it stands, but what a document says a procedure does — the
 * tutor answers "how does it work" with it.
 */
export type ScaffoldingKind = 'instruction' | 'step' | 'question' | 'navigation' | 'reference' | 'markup';

/**
 * Why a sentence is scaffolding rather than content, or undefined when it is content. `secondIsVerb` tells, for
 * English, whether the tagger read the second word as a verb: "Light shows …", "Work is …" are statements, "Show two
 * ways …" an instruction (taggers read a capitalised first word as a name too often to ask about it).
 */
export function scaffoldingOf(text: string, language: string, secondIsVerb?: boolean): ScaffoldingKind | undefined {
  const trimmed = text.trim().replace(/^[•\-–—*]\s*/, '').replace(/^\(/, '');
  if (rawMarkup.test(trimmed)) return 'markup';
  if (exerciseLabel.test(trimmed) || pointsNote.test(trimmed) || itemLabel.test(trimmed)) return 'instruction';
  // A rule to remember is content however it is phrased: "Regel: Erst beobachten und eingrenzen, dann … testen."
  if (ruleLabel.test(trimmed)) return /\?["”“)]?$/.test(trimmed) ? 'question' : undefined;
  if (language === 'de' && isGermanStep(trimmed)) return 'step';
  if (isImperative(trimmed, language, secondIsVerb) || narration.test(trimmed) || teacherNote.test(trimmed)) return 'instruction';
  // "Häufiger Fehler ist …; direkt durch Rückrechnung kontrollieren.": a clause of its own can be the instruction.
  if (language === 'de' && trimmed.split(/;\s*/).some((clause) => isInfinitiveInstruction(clause))) return 'instruction';
  if (/\?["”“)]?$/.test(trimmed) || (language === 'en' && englishQuestion.test(trimmed)) || (language === 'de' && germanQuestion.test(trimmed))) return 'question';
  if (navigation.test(trimmed) || footerLinks.test(trimmed)) return 'navigation';
  if (referenceLike.test(trimmed)) return 'reference';
  return undefined;
}

/** A condition before an instruction: "If not, estimate …", "Falls nötig, …", "Otherwise, …". */
const conditionLead =
  /^(?:if (?:not|so|necessary|needed|possible)|otherwise|specifically|for (?:example|instance)|in particular|falls (?:nötig|nicht|möglich)|wenn (?:nötig|nicht|möglich)|andernfalls|sonst|(?:from|using|with|given|based on|according to|in|for) (?:the |these |this )?(?:figures?|fig\.|tables?|data|graphs?|plots?|diagrams?|results?|equations?|values?|information)\b[^,]{0,40}|for (?:each|every|all)\b[^,]{1,40})\s*[,:]\s*/i;

/**
 * A phrase before an instruction's verb: "For more details, consult …", "In the dialog box, check that …". Only with
 * a verb of the instruction list followed by what an instruction's object starts with, so "In the US, state law …"
 * stays a statement.
 */
const englishLeadIn = /^(?:in|on|at|for|from|to|with|using|after|before|within|under|during|once|when|if|as)\b[^,]{1,40},\s*(\p{Ll}+)\s+(?:the|a|an|that|whether|if|your|this|these|all|each|every|how|what|which|out|for|to|it|them|its)\b/u;
/** A label before a step ("Idee: Nutze …", "Notiz: …"): the step is read without it. */
const stepLabel = /^(?:idee|notiz|hinweis|tipp|schritt \d+|vorgehen|ansatz|lösung|idea|note|hint|tip|step \d+|approach|solution)\s*:\s+/i;
/**
 * A German step of an algorithm in the du-form of a verb in -ieren ("Alloziere nur …", "Traversiere ausgehend von …"):
 * no noun in -iere is followed by an article, a pronoun or an adverb of a step.
 */
const germanIereImperative =
  /^\p{Lu}\p{Ll}{3,}iere\s+(?:die|das|den|dem|alle|alles|nur|sie|es|ihn|ihm|einen|eine|ein|einem|ausgehend|zuerst|zunächst|dann|jetzt|nun|anschließend|rekursiv|jede[nmrs]?)\b/u;

/** The du-form of verbs that name a step of an algorithm ("Stoppe", "Kopiere"); their infinitives are nouns too ("Kopieren erzeugt …"). */
const germanStepVerbs = /^(?:stoppe|kopiere|lösche|entferne|füge|erzeuge|beobachte|starte|speichere|durchlaufe|vertausche)$/i;

/** Whether German words open an instruction or a step ("Klicke", "Berechne", "Traversiere"), read as a line's start. */
export function opensGermanInstruction(words: string): boolean {
  const kind = scaffoldingOf(`${words} x y z`, 'de');
  return kind === 'instruction' || kind === 'step';
}

function isGermanStep(sentence: string): boolean {
  const text = sentence.replace(stepLabel, '');
  return germanIereImperative.test(text) || germanStepVerbs.test(text.match(/^\p{L}+/u)?.[0] ?? '');
}

function isImperative(sentence: string, language: string, secondIsVerb?: boolean): boolean {
  const text = sentence.replace(conditionLead, '').replace(stepLabel, '');
  if (language === 'en') {
    const led = englishLeadIn.exec(text.charAt(0).toLowerCase() + text.slice(1))?.[1];
    if (led && englishImperatives.has(led)) return true;
  }
  const words = text.match(/\p{L}+/gu) ?? [];
  const first = (words[0] ?? '').toLowerCase();
  if (!first) return false;
  if (language === 'de') {
    // "Berechnen Sie …", "Beschreiben Sie, warum …": the polite imperative.
    if (/^\p{Lu}\p{Ll}+(?:en|ern|eln)$/u.test(words[0] ?? '') && words[1] === 'Sie' && /^\p{L}+(?:en|ern|eln)\s+Sie\b/u.test(text)) return true;
    // "Addiert am Ende …", "Kontrolle: Notiert …": the imperative to a class (after a label); no German noun ends
    // in -iert.
    const opening = /^\p{Lu}\p{Ll}+:\s+(\p{L}+)/u.exec(text)?.[1] ?? words[0] ?? '';
    if (/^\p{Lu}\p{Ll}{2,}iert$/u.test(opening)) return true;
    const stem = first.replace(/(?:en|e|t)$/, '');
    return germanImperativeStems.has(stem) || germanImperativeStems.has(first);
  }
  if (!englishImperatives.has(first)) return false;
  // "Show" at the start is an instruction; "Use of X is …" (a noun) and "Type I errors are …" are not. (After a lead
  // such as "Specifically," the tagger's second word is the verb itself.)
  if (secondIsVerb && text === sentence) return false;
  const second = (words[1] ?? '').toLowerCase();
  if (second === 'of' && text !== sentence) return true;
  return !['of', 'is', 'are', 'was', 'were', 'has', 'have', 'can', 'may', 'will', 'must'].includes(second) && !/^\p{Lu}/u.test(words[1] ?? '');
}

/** A sentence that ends where a formula or a symbol stood: "… of two events A and B is." */
export function endsCut(text: string, language: string): boolean {
  const trimmed = text.trim();
  const ends =
    language === 'de'
      ? /\b(?:ist|sind|gilt|lautet|beträgt|von|mit|der|die|das|den|dem|des|ein|eine|einer|als|für|und|oder|zu|durch|wie|also|gleich|folgt|wenn|falls|ob|dass|daß|weil|sofern|soweit|insbesondere|nämlich|diese[nmrs]?|denen|deren)\s*[.:]$/
      : /\b(?:is|are|was|be|as|of|the|a|an|by|to|for|and|or|with|from|equals?|gives?|yields?|follows|holds|than|that|where|then|becomes?|if|when|whether|because|unless|including|namely)\s*[.:]$/i;
  // "… folgt daraus." / "… ist allgemein in der Form." / "From this it follows.": a formula stood after it.
  if (language === 'de' ? /\b(?:folgt|ergibt sich|erhält man)\s+(?:daraus|hieraus|somit|also|dann)\s*[.:]$|\bin der form\s*[.:]$/i.test(trimmed) : /\b(?:it follows|we (?:get|obtain)|in the form)\s*[.:]$/i.test(trimmed)) return true;
  // German puts the verb last in a subordinate clause: "…, der entweder wahr oder falsch ist." ends complete.
  if (language === 'de' && /\b(?:ist|sind|gilt|lautet|beträgt|folgt)\s*\.$/.test(trimmed) && germanSubordinate.test(trimmed)) return false;
  // "… beschäftigt sich mit der großen.": an article and an adjective, the noun lost where a formula stood.
  // "… eine echte Teilmenge der deterministisch parsbaren.": an adverb before the adjective changes nothing.
  if (language === 'de' && /\b(?:der|die|das|den|dem|des|ein|eine|einer|einem|eines)\s+(?:\p{Ll}+\s+)?\p{Ll}+(?:en|e|er|es|em)\s*[.:]$/u.test(trimmed)) return true;
  return ends.test(trimmed) || /[=+−\-×·*/(]\s*[.:]?$/.test(trimmed);
}

/** A German subordinate clause's opening after a comma: a relative pronoun or a conjunction. */
const germanSubordinate =
  /,\s*(?:(?:in|an|auf|mit|von|zu|bei|aus|für|über|unter|durch)\s+)?(?:der|die|das|dem|den|deren|dessen|welche[rsmn]?|dass|daß|wenn|falls|weil|ob|sofern|soweit|wie|wo|als|da|obwohl|nachdem|bevor|sodass|sobald|solange)\b[^,]*$/i;

/**
 * A heading that names no topic: the parts every document has ("Summary", "Overview", "Abstract", "Today", "Wrap-Up",
 * "Learning objectives of module 2"). A unit or a mind-map branch under it is named after what it teaches instead.
 */
export const genericHeading =
  /^(?:zusammenfassung|summary|overview|überblick|outline|gliederung|agenda|contents|inhalt|inhaltsverzeichnis|part \d+|teil \d+|lesson \d+|lektion \d+|introduction|einleitung|einführung|recap|wiederholung|questions?|fragen|references|literatur|quellen|contd\.?|cont\.|fortsetzung|abstract|today|heute|wrap-?\s?up|fazit|grundlagen|(?:learning )?objectives?(?: of .{1,40})?|lernziele?(?: .{1,40})?|(?:acknowledge?ments?|credits|danksagung)(?:\s*[/&,]\s*contributions?)?|contributions?|impressum)$/i;

/** Back matter: thanks, credits and references — no branch of the subject at all. */
const backMatterHeading =
  /^(?:acknowledge?ments?|credits|danksagung|contributions?|impressum|references|bibliography|literatur(?:verzeichnis)?|quellen(?:verzeichnis|angaben)?)(?:\s*[/&,]\s*(?:contributions?|credits|acknowledge?ments?))?$/i;

/** Whether a heading (its numbering aside: "7 References") is back matter. */
export function isBackMatter(heading: string): boolean {
  return backMatterHeading.test(heading.replace(/^[\d.\s]+(?=\p{L})/u, '').trim());
}
