import { glossaryLine } from './definitions';
import type { Token } from './nlp';
import { endsCut, germanFinite, scaffoldingOf } from './scaffolding';
import { stopWords } from './stopwords';
import { tableCaption } from './text-prep';

/**
 * What a sentence is good for. `good`: a complete, readable sentence that can stand as a key point. `standalone`:
 * also makes sense on its own on a card or in a question (no "this figure", no "However," opening, no first person).
 */
export interface SentenceQuality {
  /** Running text (not code, a reference or a heading): its noun phrases count towards key terms. */
  prose: boolean;
  good: boolean;
  standalone: boolean;
  /** It asks something of the reader: a question or an instruction (an exercise's prompt). */
  asks: boolean;
}

const url = /(?:https?:\/\/|www\.|\S+@\S+\.\w|\.(?:com|org|net|edu|de)\b)/i;
const dangling =
  /\b(?:this|these|the following|the above|above|below|following|previous|next)\s+(?:figure|table|section|chapter|example|equation|list|page|slide|diagram|graph|listing|code)s?\b|\b(?:fig(?:ure)?|table|listing|eq|equation|abb(?:ildung)?|tab(?:elle)?)\.?\s*\d|\b(?:see|siehe|vgl)\.?\s|\b(?:diese[rsnm]?|folgende[rnms]?|obige[rnms]?)\s+(?:abbildung|tabelle|kapitel|abschnitt|beispiel|grafik|folie)\b|\bet al\b|\b(?:section|chapter|appendix|kapitel|abschnitt|anhang)\s+\d|\bthe (?:boxplot|plot|figure|graph|chart|diagram|output|histogram|screenshot|picture|image)s?\b(?!\s+of\b)|\b(?:in|auf|aus) der (?:abbildung|grafik|skizze|darstellung)\b|\bim (?:diagramm|schaubild|bild)\b|\b(?:rot|grün|blau|gelb|fett|kursiv|farbig|grau)\s+(?:hervorgehoben|markiert|gedruckt|gesetzt|dargestellt)\b|^durchgestrichen\b|\b(?:highlighted|marked|printed|shown) in (?:red|green|blue|yellow|bold|italics?|grey|gray)\b|\bin bold\b/i;
const openers = {
  en: /^(?:this|these|that|those|it|its|they|them|their|he|she|his|her|such|however|thus|hence|therefore|but|and|or|so|also|here|there|then|instead|moreover|furthermore|finally|similarly|likewise|again|yet|still|indeed|otherwise|further(?=\s*,)|firstly|secondly|thirdly|lastly|similar|not|in (?:this|that|these|contrast|addition|other words|particular)|for (?:this|that|example|instance)|as (?:a result|such|we|shown|mentioned|noted|discussed)|suppose|assume|assuming|another|additionally|on the other hand|alternatively|most importantly|more importantly|importantly|at this point|to do so|of course|yes|no|now|first|second|third|last|next|both)\b/i,
  de: /^(?:dies|diese[rsnm]?|das|gerade gezeigt|erstens|zweitens|drittens|viertens|dabei|daher|deshalb|dadurch|damit|dann|dort|hier|er|sie|es|ihr|ihre|sein|seine|jedoch|aber|und|oder|also|außerdem|zudem|ebenso|somit|folglich|trotzdem|allerdings|schließlich|zunächst|zuerst|dazu|darauf|darin|davon|davor|dahinter|daneben|darunter|daran|dafür|danach|dazwischen|daraufhin|solche[rsnm]?|wieder|umgekehrt|vielmehr|andererseits|einerseits|ebenfalls|genauso|daraus|hieraus|hierbei|hierfür|hingegen|dagegen|stattdessen|nämlich|auf diese weise|in diesem fall|ein solche[rsnm]?|eine solche|gleiches gilt|so (?:wird|werden|kann|können|lässt|lassen|entsteht|entstehen|ergibt|ergeben)|mehr noch|anders gesagt:\s*(?:dies|das|diese[rsnm]?)|analog|letztere[rsnm]?|erstere[rsnm]?|jetzt|nun|zusätzlich|weiterhin|desweiteren|des weiteren|wenn ja|wenn nein|ansonsten|auch sonst|auch ganz wichtig|wie mehrfach|seien|sei|angenommen|gegeben seien?|einsetzen|wie (?:angesprochen|erwähnt|gesagt|gesehen|beschrieben|oben)|satz \d|absatz \d|(?:mit|von|bei|zu|aus|nach|in|an|auf|für|über|unter|durch|ohne|gegen)\s+(?:ihm|ihr|ihnen|ihrer|diese[mnrs]?|dessen|deren))\b/i,
};
const firstPerson = {
  en: /\b(?:I|me|my|mine|you|You|your|Your|yours|I'm|I’m|I've|I’ve|we|We|our|Our|us)\b/,
  de: /\b(?:ich|mich|mir|mein|meine|du|dich|dir|dein|deine|wir|uns|unser|unsere)\b/i,
};
/** A word that points back to what came before ("this prior", "these percentiles", "them", "mit ihnen"). */
const pointsBack = {
  en: /\b(?:these|those)\s+\p{L}|\bthe (?:following|previous|preceding)\b|\s(?:thus|hence|therefore)\s|\bthis\s+(?!is\b|way\b|case\b)\p{L}|\bthem\b|\b(?:the|in the) (?:first|second|third|last|above|previous|following) (?:case|example|figure|step)\b|\b(?:the resulting|the above|the former|the latter|as shown|shown (?:above|below)|in both cases|in either case|in this case|in that case|both tests|the earlier|the remaining|the aforementioned)\b|,\s*(?:though|however|too|then),|\bwhether (?:that|this|it)\b|\bsuch an? \p{L}|^the (?:second|third|fourth|fifth|last) (?:term|case|step|part|mode|method|example|equation|row|column|line|one)s?\b|^the (?:other|central|remaining|outer|inner|higher[- ]order|lower[- ]order) \p{L}|^the (?:two|three|four) (?!(?:main|major|basic|most|types?|kinds?|forms?|classes|categories|ways|parts|components|steps|stages|phases)\b)\p{L}|^one (?:solution|option|way|approach|possibility|alternative|answer|remedy|fix|workaround)\b|^(?:others|another)\b|\bthe (?:first|second|third|last|next)(?: (?:two|three|four))? (?:output|input|argument|parameter|value|element|entry|item|option|field)s?\b|\b(?:pictured|shown|depicted)\s+here\b|\bhere[.!]$|\bfrom earlier\b|^(?:the|these)\s+\p{L}+\s+below\b|^(?:by contrast|in contrast|on the other hand|conversely|similarly|likewise|instead|accordingly|nevertheless|nonetheless)\b/iu,
  de: /\b(?:diese[rsmn]?|jene[rsmn]?)\s+\p{L}|\b(?:dagegen|hingegen|wiederum)\b|(?<![,;]\s|^)\b(?:aber|allerdings|dennoch|jedoch)\b(?!,)|\b(?:hier|dafür|daher|ohnehin|solche[rsmn]?|wie eingangs|wie oben|letztere[rsmn]?|ihnen|ihn|ihm|hierauf|hierüber|hiervon|hierzu|hierbei|hierfür|dabei|deswegen|deshalb|darüber hinaus|resultierende[nrs]?|obige[nrs]?|genannte[nrs]?|dazu\s?gehörige[nmrs]?|im gegensatz dazu|stattdessen|ebenso|genauso)\b|\bim (?:ersten|zweiten|dritten|vierten|fünften|letzten|folgenden|obigen) (?:fall|beispiel|takt|schritt|teil)\b|\bim beispiel\b|\bzu sehen\b|\bin (?:beiden|diesem|jenem) fall(?:en)?\b|\b(?:erste|zweite|dritte|vierte|letzte|obige|folgende)[nrs]? (?:beispiel|abbildung|takt|fall|notenbeispiel)\b|\b(?:abgebildete|dargestellte|vorherige|vorige|vorangegangene|entstehende)[nmrs]?\b|^(?!.*\b(?:wenn|falls|sobald|sofern)\b).*\s(?:dann|also|folglich|somit|nämlich)\s|\bnun\b|(?<!^)\b(?:zudem|außerdem)\b|\b(?:ein|eine|einen|einem|einer)\s+weitere[nmrs]?\b|\bwie (?:bereits|schon|oben) (?:erwähnt|gesagt|gezeigt|beschrieben|angesprochen|gesehen)\b|\b(?:wird|werden|ist|sind|zeigt|zeigen|bedeutet|macht|lässt)\s+dies\b|\bdies\s+(?:ist|wird|zeigt|bedeutet|gilt|geschieht|erfolgt|führt|liegt|hat|kann|lässt)\b|\b(?:weiter\s+)?(?:oben|unten)\s+(?:bereits\s+|schon\s+)?(?:beschrieben|genannt|erwähnt|erläutert|dargestellt|aufgeführt|gezeigt|eingeführt)\w*/iu,
};
/**
 * A subject that names only a general noun with "the" ("The idea is …", "The target is 350 patients", "Die Lösung ist
 * nicht eindeutig"): it means the idea, the solution of what came before.
 */
const bareSubject = {
  en: /^(?:The |(?=(?:Idea|Ideas|Goal|Aim|Solution|Answer|Reason|Result|Results|Approach|Problem)\s))(?:idea|ideas|Idea|Ideas|Goal|Aim|Solution|Answer|Reason|Result|Results|Approach|Problem|target|goal|aim|solution|solutions|answer|reason|result|results|method|procedure|algorithm|proof|claim|statement|equation|equations|formula|function|model|value|values|estimate|effect|difference|shortfall|output|problem|question|approach|process|system|data|reference|point|case|example|task|rule|list|set)\s+(?:is|are|was|were|has|have|had|can|could|will|would|must|should|may|might|then|also|now|here|only)\b/,
  de: /^(?:Die|Der|Das) (?:Lösung|Lösungen|Gleichung|Gleichungen|Bestimmungsgleichung|Idee|Ziel|Ergebnis|Ergebnisse|Methode|Verfahren|Formel|Funktion|Wert|Werte|Aussage|Behauptung|Beweis|Differenz|Aufgabe|Frage|Antwort|Regel|Liste|Menge|Daten|Größe|Größen|Problem|Modell|System|Folge|Beispiel|Rechnung|Ausgabe|Schritt|Schritte|Vorgehen|Fall|Text|Grafik|Kurve|Kurven|Zahl|Zahlen|Summe)\s+(?:ist|sind|war|waren|hat|haben|kann|können|wird|werden|muss|müssen|lässt|lautet|gilt|folgt|ergibt|zeigt|besteht|enthält)\b|\b(?:ist|sind|wird|werden|hat|haben|kann|können) (?:die|der|das) (?:Lösung|Lösungen|Gleichung|Gleichungen|Idee|Ergebnis|Ergebnisse|Formel|Aussage|Behauptung)\b/,
};
/**
 * An English clause without its subject, as a list item continues its lead-in ("Cannot account for the fact …"), or
 * whose subject was a symbol or a number the extraction lost ("A is called a slot", "Equation is called the eigenvalue
 * equation").
 */
const subjectless =
  /^(?:cannot|can|could|must|should|will|would|may|might|does|do|did|is|are|was|were|has|have)\s+(?:not\s+)?\p{Ll}+|^(?:gained|explored|discussed|covered|reviewed|examined|practi[sc]ed)\s+\p{Ll}+|^A\s+(?:is|are|was|were|has|denotes|means)\b|^(?:equation|figure|table|theorem|lemma|proposition|corollary|definition|section|chapter)\s+(?:is|are|was|shows|gives|states|says|holds|follows)\b/iu;

/** A research remark: citation keys in brackets ("[BBPR15]", "[Bev15, AV16]") point to papers, not to content. */
const citationKey = /\[\p{Lu}[\p{L}+]*\d{2}[a-z]?(?:,\s*\p{Lu}[\p{L}+]*\d{2}[a-z]?)*\]/u;

/** "Aus offensichtlichen Gründen ist das nicht möglich": "das" stands for what was said before. */
const demonstrativeSubject =
  /\b(?:ist|sind|war|waren|wäre|wären|wird|werden|kann|können|muss|müssen|lässt|hat|haben|gilt)\s+(?:das|dies)\s+(?:nicht|auch|so|jedoch|aber|allerdings|meist|oft|immer|nur|eben|ja|doch|noch|schon|kein\p{L}*|besonders|sehr|möglich|nötig|wichtig|sinnvoll|richtig|falsch)\b/iu;

/** "… are listed below", "as described above": the text around it holds what the sentence is about. */
const pointsAround = /\b(?:listed|given|provided|described|explained|summari[sz]ed|presented|discussed|outlined|defined|mentioned)\s+(?:below|above|earlier|before)\b|\bbelow[.!]$/i;

/**
 * A comparison whose other side came before: "Der Umfang ist etwas kleiner, aber …", "The bias is slightly larger."
 * — smaller than what? A comparison that names its other side ("als …", "than …") stands on its own.
 */
const comparesWithUnnamed = {
  de: /^(?!.*\bals\b).*\b(?:etwas|viel|deutlich|wesentlich|erheblich|weitaus|ein wenig|noch)\s+(?:klein|groß|gross|größ|höh|tief|nied|läng|kürz|weit|eng|breit|schnell|langsam|leicht|schwer|stark|schwäch|früh|spät|wenig|mehr)\p{L}*er\b/iu,
  en: /^(?!.*\bthan\b).*\b(?:slightly|somewhat|much|far|considerably|significantly|a bit|a little)\s+(?:larger|smaller|bigger|higher|lower|greater|longer|shorter|faster|slower|wider|narrower|stronger|weaker|earlier|later|better|worse|easier|harder|heavier|lighter|deeper|closer|simpler|cheaper|older|younger|more|less|fewer)\b/iu,
};

/**
 * "Die beiden Gefangenen …", "In beiden Auktionsformen …", "die ersten beiden": the pair was named before — unless the
 * sentence names it itself ("zwischen zwei Genloci … zwischen den beiden Loci").
 */
function pointsAtPair(text: string): boolean {
  const pair = /\b(?:die|den|der|in|bei|von|zu|aus|mit|für)\s+(?:ersten\s+|letzten\s+)?beiden\b/iu.exec(text) ?? /^Beide\s+\p{Lu}/u.exec(text);
  if (!pair) return false;
  return !/\b(?:zwei|2|beide[nrs]?\s+\p{L}+\s+und)\b/iu.test(text.slice(0, pair.index));
}

/** Each language's signs that a text leans on what came before or stands around it. */
const leansOn: Record<string, readonly ((text: string) => boolean)[]> = {
  en: [pointsBack.en, pointsAround, comparesWithUnnamed.en].map((pattern) => (text: string) => pattern.test(text)),
  de: [...[pointsBack.de, comparesWithUnnamed.de, demonstrativeSubject].map((pattern) => (text: string) => pattern.test(text)), pointsAtPair],
};

/** Whether a text leans on what came before it: "these processes", "the remaining parameters", "möchte hier …". */
export function pointsBackIn(text: string, language: string): boolean {
  return (leansOn[language] ?? []).some((leans) => leans(text));
}

/** Code, its output or an identifier in the text: "Traceback:'tuple' object…", "library(MASS)", "tumor.grade". */
const codeResidue = /\b(?:[Tt]raceback|\p{L}*Error:)|\b\p{Ll}{2,}\(\p{L}*\)?|\b\p{Ll}{3,}\.\p{Ll}{3,}\b|\w+_\w+/u;

/**
 * The same four words twice in one sentence, three of them words of substance: slide builds or bullets the extraction
 * ran together ("Feature Table: details about the sequence Feature Table: details about …"), not a phrase said twice
 * ("the variance of the estimator … the variance of the sample mean").
 */
function repeatsItself(tokens: readonly Token[]): boolean {
  const words = tokens.filter((token) => /\p{L}/u.test(token.text)).map((token) => token.lower);
  const seen = new Set<string>();
  for (let index = 0; index + 4 <= words.length; index++) {
    const four = words.slice(index, index + 4);
    if (four.filter((word) => word.length >= 4).length < 3) continue;
    const run = four.join(' ');
    if (seen.has(run)) return true;
    seen.add(run);
  }
  return false;
}

export function judgeSentence(text: string, tokens: readonly Token[], language: string): SentenceQuality {
  const second = tokens.filter((token) => /\p{L}/u.test(token.text))[1];
  const scaffolding = scaffoldingOf(text, language, second?.pos === 'VERB' || second?.pos === 'AUX');
  // Exercises, navigation, references and markup are not content: their words do not even count towards key terms.
  // A question the document asks keeps its words (it names the topic) but is never a point or an item.
  const prose = isProse(text, tokens, language, glossaryLine.test(text)) && (scaffolding === undefined || scaffolding === 'question');
  const asks = scaffolding === 'question' || scaffolding === 'instruction' || /\?["”“)]?$/.test(text.trim());
  const bad = { prose, good: false, standalone: false, asks };
  if (!prose || scaffolding || endsCut(text, language)) return bad;
  // A glossary line or a short definition ("Ein Backup ist eine Sicherheitskopie.") is a statement however short.
  const glossary = glossaryLine.test(text) || copulaDefinition.test(text);
  if (text.length < (glossary ? 18 : 40) || text.length > 300) return bad;
  if (!/^["“„‘'(]?[\p{Lu}\p{N}]/u.test(text) || /^\p{N}/u.test(text) || /^\([^)]*\)\s/.test(text)) return bad;
  if (!/[.!]["”’“)]?$/.test(text)) return bad;
  if (url.test(text) || /\.{3}|…|\s[-–—]\s*$|[|{}<>=\\_^~#@→⇒←↔]|\/\/|::/.test(text)) return bad;
  const visible = text.replace(/\s/g, '');
  const letters = visible.replace(/[^\p{L}]/gu, '').length;
  const digits = visible.replace(/[^\p{N}]/gu, '').length;
  if (letters < visible.length * 0.75 || digits > visible.length * 0.08) return bad;
  const words = tokens.filter((token) => /\p{L}/u.test(token.text));
  if (words.length < (glossary ? 4 : 6) || words.length > 55) return bad;
  if (!balanced(text) || repeatsItself(tokens)) return bad;
  // A list's lead-in with only its first item after it ("… leads to: r-selected species."): the list was cut.
  if (/\b(?:to|are|is|include|includes|including|as|like|into|sind|gehören|zählen|wie|nach)\s*:\s*(?:\S+\s+){0,3}\S+[.!]$/i.test(text)) return bad;
  // A sentence wholly in quotation marks is a quotation (a chapter's epigraph, a saying), not the document's statement.
  if (/^["“„‘«»][^"“”„]+["”“’«»][.!]?$/u.test(text)) return bad;
  const stop = stopWords(language);
  if (stop.size > 0 && words.filter((token) => stop.has(token.lower)).length < Math.max(2, words.length * 0.2)) return bad;
  if ((text.match(/\p{L}\/\p{L}/gu) ?? []).length >= 2) return bad;
  if (repeatsAWord(words, stop)) return bad;
  // A title set in capitals, an emoji's call to action: slide decoration, not a statement.
  if (letters > 12 && visible.replace(/[^\p{Lu}]/gu, '').length > letters * 0.6) return bad;
  if (/\p{Extended_Pictographic}/u.test(text)) return bad;
  // A glossary line ("List: a linear collection of values.") defines without a verb; a caption has no finite verb.
  if (language === 'en' && !glossary && !hasEnglishFiniteVerb(tokens)) return bad;
  // A heading glued to its paragraph ("3.1 Traces Every compiled trace…") reads as a fragment.
  if (/^\d+(?:\.\d+)*\s/.test(text)) return bad;
  const opener = language === 'de' ? openers.de : language === 'en' ? openers.en : undefined;
  const person = language === 'de' ? firstPerson.de : firstPerson.en;
  if (codeResidue.test(text) || caption.test(text) || tableCaption.test(text) || (language === 'de' && !glossary && verbless(words, stop, text))) return bad;
  // German addresses the reader as "Sie" in the middle of a sentence, capitalised ("Bevor Sie Ihre Arbeit abgeben …").
  const addressesReader = language === 'de' && /\S\s+(?:Sie|Ihnen|Ihre[nmrs]?|Ihr)\b/u.test(text);
  const standalone =
    !addressesReader &&
    !dangling.test(text) &&
    !(opener?.test(text) ?? false) &&
    !person.test(text) &&
    !pointsBackIn(text, language) &&
    !(language === 'de' ? bareSubject.de : bareSubject.en).test(text) &&
    !citationKey.test(text) &&
    !(language === 'en' && subjectless.test(text)) &&
    !/[?:;]/.test(text.slice(-2));
  return { prose, good: !dangling.test(text), standalone, asks };
}

const participle = /^(?:\p{L}+(?:ed|en)|given|known|shown|made|done|set|put|built|kept|left|held|found)$/iu;

/**
 * Whether an English sentence has a finite verb, so that it states something. A figure's caption has none: its verbs
 * are participles in front of or after a noun ("Updated estimate of …", "Effect of prior parameters on estimated total
 * sample size.", "…, rescaled to days."), gerunds ("…, accounting for exclusions") or infinitives ("prior to start of
 * …").
 */
function hasEnglishFiniteVerb(tokens: readonly Token[]): boolean {
  // A relative clause's verb ("… duty that are performed …", "… against which a state is measured") and a remark in
  // brackets are not the sentence's own: "Actions coinciding with duty that are performed as a means …" states nothing.
  let depth = 0;
  let relative = false;
  let inVerbGroup = false;
  return tokens.some((token, index) => {
    if (token.text === '(') depth++;
    if (token.text === ')') depth = Math.max(0, depth - 1);
    const finite = isFiniteVerb(token, index);
    if (depth > 0 || token.text === ')') return false;
    if (token.pos === 'PRON' && /^(?:that|which|who|whom|whose)$/.test(token.lower)) {
      relative = true;
      return false;
    }
    if (inVerbGroup) {
      // The clause's verb group goes on with its auxiliaries, "not" and its participle ("may not be measured"); a verb
      // after an adverb is the main clause's ("Cells that divide quickly are …").
      const previous = tokens[index - 1]?.pos ?? '';
      const continues =
        token.pos === 'ADV' || token.pos === 'PART' || (token.pos === 'AUX' && ['AUX', 'PART'].includes(previous)) || (token.pos === 'VERB' && ['AUX', 'PART', 'ADV'].includes(previous));
      if (continues) return false;
      relative = false;
      inVerbGroup = false;
    }
    if (relative && finite) {
      inVerbGroup = true;
      return false;
    }
    return finite;
  });

  function isFiniteVerb(token: Token, index: number): boolean {
    if (token.pos === 'AUX') return true;
    if (token.pos !== 'VERB') return false;
    const before = tokens[index - 1];
    // After an adjective or before "of" the word is a noun the tagger took for a verb: "Prior estimate of …",
    // "accrual rate and …".
    if (before && (before.lower === 'to' || before.pos === 'ADP' || before.pos === 'DET' || before.pos === 'ADJ')) return false;
    if (tokens[index + 1]?.lower === 'of') return false;
    if (/ing$/i.test(token.text)) return false;
    return !(participle.test(token.text) && (!before || ['PUNCT', 'CCONJ', 'ADV'].includes(before.pos)));
  }
}

const copulaDefinition =
  /^(?:(?:A|An|The|Der|Die|Das|Ein|Eine)\s+)?[\p{L}-]{3,}(?:\s\([^()]{1,15}\))?\s(?:is|are|ist|sind)\s(?:a|an|the|ein|eine|einer|der|die|das)\s\p{L}/u;

/** A figure's caption: "Skizze eines Chorsatzes …", "Der Rahmen in Dur (links) und Moll (rechts) …". */
const caption =
  /^(?:skizze|abbildung|abb\.|grafik|diagramm|figure|fig\.|diagram|sketch|screenshot|bildschirmfoto)\b|^(?:unten|oben|links|rechts|mitte|below|above|left|right|top|bottom)\s*:|\((?:links|rechts|oben|unten|mitte|left|right|top|bottom|middle)\)/i;

/**
 * A German line with no verb to speak of: nouns joined by articles and prepositions, as a figure's caption or a
 * slide's label reads ("Diverse Formen des Dominantseptakkords und seiner Auflösung.", "Schlag eine Quintparallele
 * zwischen Alt und Tenor."). German verbs are written in lower case; a caption has at most one lower-case word of
 * content, and no auxiliary.
 */
function verbless(words: readonly Token[], stop: ReadonlySet<string>, text: string): boolean {
  // Only the main clause counts: "Ein kurzer Chorsatz, an dem es wenig zu beanstanden gibt." has its verb in the
  // relative clause and none of its own.
  const main = text.replace(germanSubordinateClause, '');
  if (germanFinite.test(main) || verbAfterSubject(words)) return false;
  const tokens = main.match(/\p{L}[\p{L}-]*/gu) ?? [];
  const verbLike = tokens.slice(1).filter((word, index) => {
    if (!/^\p{Ll}/u.test(word) || stop.has(word.toLowerCase())) return false;
    // "erzeugt", "benannt": a participle where it opens a phrase after a comma or closes the clause makes no clause.
    const participle = /^(?:ge|be|ver|er|ent|zer|dar|an|auf|aus|ein|vor|nach)\p{Ll}+(?:t|en)$/u.test(word);
    if (participle && new RegExp(`,\\s*${word}\\b|\\b${word}[.!]?$`, 'u').test(main.trim())) return false;
    // "erlischt zehn Jahre nach …": an inflected adjective never ends in -t, a verb's third person does (the adverbs
    // that do are no verbs).
    if (/\p{Ll}{2}(?:t|st)$/u.test(word) && !adverbsInT.test(word)) return true;
    // An adjective stands before its noun, alone or in a row joined by "und"/"oder" ("mit weißen und schwarzen Tasten").
    for (const next of tokens.slice(index + 2)) {
      if (/^\p{Lu}/u.test(next)) return false;
      if (!/^(?:und|oder|sowie|bzw)$/.test(next) && stop.has(next.toLowerCase())) break;
    }
    return true;
  });

  const lowerContent = words.slice(1).filter((token) => /^\p{Ll}/u.test(token.text) && !stop.has(token.lower));
  return verbLike.length === 0 || lowerContent.length <= 1;
}

const adverbsInT = /^(?:acht|nicht|jetzt|bereits|meist|meistens|zuletzt|oft|erst|fast|selbst|sonst|zunächst|mindestens|höchstens|spätestens|frühestens|längst|insbesondere|gut|bekannt|leicht|breit|weit|recht|direkt|exakt|korrekt|konkret|absolut|perfekt|komplett|bunt|laut|hart|zart|kalt|alt|halt|bisweilen|vielleicht|womöglich)$/;

/**
 * A German subordinate clause after a comma: a relative pronoun (with its preposition) or a conjunction, up to its verb
 * at the end (", an dem es wenig zu beanstanden gibt", ", der nicht Vermögensschaden ist"). A list ("…, den Schaden und
 * den Zusammenhang …") ends in a noun and is no such clause.
 */
const germanSubordinateClause =
  /,\s*(?:(?:an|in|mit|von|zu|bei|auf|aus|für|über|unter|durch|nach)\s+)?(?:der|die|das|dem|den|deren|dessen|welche[rsmn]?|wenn|wie|weil|dass|daß|ob|falls|sofern|da|wo|als|damit|sodass)\b[^,.;:!?]*?\s\p{Ll}+(?=\s*[,.;:!?]|$)/gu;

/**
 * A German main clause's finite verb right after its subject: the first lower-case word after one to three
 * capitalised ones (an article, an adjective at the start, the noun), with a verb's ending — "Datensicherheit schützt
 * Informationen …", "Digitale Medien gehören zum Alltag.". A caption goes on with a capitalised noun or a preposition.
 */
function verbAfterSubject(words: readonly Token[]): boolean {
  const index = words.findIndex((token) => /^\p{Ll}/u.test(token.text));
  const word = words[index]?.text ?? '';
  const subject = words.slice(0, index);
  if (index < 1 || index > 3 || !subject.some((token) => /^\p{Lu}\p{Ll}/u.test(token.text) && token.text.length >= 4)) return false;
  return /^\p{Ll}{3,}(?:t|en|ern|eln)$/u.test(word) && !/^(?:und|oder|mit|von|bei|nach|unter|über|zwischen|gegen|durch|ohne|seit|statt|während|wegen|eines|einen|einem|einer|jeden|jedem|allen|vielen|beiden|zusammen|unten|oben|rechts|links|heute|gestern|morgen|selten|mehr|sehr|meist|nicht|erst|fast|bisher|sofort|damit|dabei)$/.test(word);
}

/** A paper's metadata lines: lists of terms, not statements. */
const metadataLine =
  /^(?:keywords|key words|index terms|general terms|categories and subject descriptors|acm classification|msc|jel|schlüsselwörter|schlagwörter|stichwörter)\b/i;

/** Running text, not a list of labels: mostly words, with two small words of the language (one in a glossary line). */
function isProse(text: string, tokens: readonly Token[], language: string, glossary = false): boolean {
  if (metadataLine.test(text)) return false;
  const words = tokens.filter((token) => /^\p{L}/u.test(token.text));
  if (words.length < 4 || words.length < tokens.length * 0.6) return false;
  if (url.test(text) || /[{}<>=\\|]|\/\/|::|\bet al\b/.test(text)) return false;
  const stop = stopWords(language);
  // Notes define tersely ("Abgabe: willentliche Entäußerung einer Erklärung"): a glossary line needs one small word.
  return stop.size === 0 || words.filter((token) => stop.has(token.lower)).length >= (glossary ? 1 : 2);
}

/**
 * A word of content three times in one sentence is a figure's labels or a table run into the text ("grado 1 grado 2
 * grado 3 The statistical test …"), not a sentence.
 */
function repeatsAWord(words: readonly Token[], stop: ReadonlySet<string>): boolean {
  const counts = new Map<string, number>();
  for (const token of words) {
    if (stop.has(token.lower) || token.lower.length < 3) continue;
    const count = (counts.get(token.lower) ?? 0) + 1;
    if (count >= 3) return true;
    counts.set(token.lower, count);
  }
  return false;
}

function balanced(text: string): boolean {
  const count = (pattern: RegExp) => (text.match(pattern) ?? []).length;
  if (count(/\(/g) !== count(/\)/g) || count(/\[/g) !== count(/\]/g)) return false;
  const german = count(/„/g) > 0;
  if (german ? count(/„/g) !== count(/“/g) : count(/“/g) !== count(/”/g)) return false;
  if (count(/"/g) % 2 !== 0) return false;
  return true;
}
