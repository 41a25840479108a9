/** Stop words per language: function words that carry no topic, used for language detection and term extraction. */
const english = `a about above after again against all almost also although always am among an and another any anyone
anything are aren't around as at be became because become becomes been before being below between both but by can
cannot could couldn't did didn't do does doesn't doing don't done down during each either else enough even ever every
few for from further had hadn't has hasn't have haven't having he her here hers herself him himself his how however i
if in into is isn't it it's its itself just least less let like made make makes many may me might more most much must
my myself neither never no nor not now of off often on once one only or other others otherwise our ours ourselves out
over own per perhaps quite rather really same several shall she should shouldn't since so some something such than
that that's the their theirs them themselves then there there's therefore these they this those though through thus
to too toward towards under until up upon us very via was wasn't we well were weren't what whatever when where whether
which while who whom whose why will with within without would wouldn't yet you your yours yourself yourselves`;

const german = `aber alle allem allen aller alles als also am an ander andere anderem anderen anderer anderes auch auf aus
bei beim bereits bin bis bist bzw da dabei dadurch dafür dagegen daher damit dann daran darauf daraus darin darum das
dass dein deine dem den denen denn dennoch der deren des deshalb dessen die dies diese diesem diesen dieser dieses doch
dort du durch eben ein eine einem einen einer eines einige einigen einiger einmal er es etwa etwas euch euer eure für
gegen gewesen hab habe haben hat hatte hatten hier hin hinter ich ihm ihn ihnen ihr ihre ihrem ihren ihrer ihres im in
indem ins ist jede jedem jeden jeder jedes jedoch jene jenem jenen jener jenes jetzt kann kannst kein keine keinem keinen
keiner keines können könnte machen man manche manchem manchen mancher mehr mein meine mit muss musste müssen nach nicht
nichts noch nun nur ob oder ohne schon sehr sein seine seinem seinen seiner seines selbst sich sie sind so sodass solche
solchem solchen solcher soll sollen sollte sondern sowie um und uns unser unsere unter viel viele vom von vor wann war
waren warum was weil welche welchem welchen welcher welches wenn wer werde werden wie wieder will wir wird wo wurde
wurden zu zum zur zwar zwischen über außer beide beiden siehe sowohl weder jeweils bereits ebenfalls stets immer
meist meistens häufig oft nämlich etwa ganz gar sogar schließlich zunächst also nun dazu hierzu hierbei wobei sei
seien wäre wären würde würden gibt geben kommt kommen lässt lassen liegt liegen steht stehen gilt gelten`;

const lists: Record<string, ReadonlySet<string>> = {
  en: new Set(english.split(/\s+/)),
  de: new Set(german.split(/\s+/)),
};

const none: ReadonlySet<string> = new Set();

export function stopWords(language: string): ReadonlySet<string> {
  return lists[language] ?? none;
}

export const stopWordLanguages = Object.keys(lists);

/**
 * Nouns too general to be a key term on their own ("way", "example"): they may still be part of a longer term.
 * Lower-case lemmas; German nouns are matched lower-cased too.
 */
export const genericNouns: ReadonlySet<string> = new Set(
  `thing things way ways time times year years lot lots kind kinds sort part parts number numbers case cases point
  points fact facts example examples problem problems question questions idea ideas work people person man men woman
  women day days world end side place places area areas result results reason reasons use uses form forms type types
  group groups set sets level levels term terms word words line lines page pages section sections chapter chapters figure
  figures table tables order course matter sense view hand fig eg ie etc percent others anything everything something
  nothing someone everyone one ones first second third today moment amount rest instance detail details approach
  deal fig. something way. mr ms mrs dr per cent bit bits top bottom beginning kinds
  teil teile art weise zeit jahr jahre beispiel beispiele fall fälle frage fragen punkt punkte seite seiten kapitel
  abschnitt abbildung tabelle ende anfang menge zahl zahlen ding dinge mensch menschen leute grund gründe ergebnis
  ergebnisse form formen allgemeinen folgenden folgende wesentlichen einzelnen übrigen hinblick bezug sinne
  möglichkeit möglichkeiten weise art arten bereich bereiche rolle englischen deutschen englisch deutsch fällen
  strecken acht ausnahme ausnahmen ausschnitt kontrolle ergebnis ergebnisse abschnitt übersicht variante varianten
  bedeutung möglichkeit möglichkeiten richtung kombination verhältnis zusammenhang unterschied unterschiede
  eigenschaft eigenschaften bereich beziehung verwendung darstellung information informationen entwicklung bedingung
  bedingungen anwendung erklärung beschreibung verfahren problem probleme beispiel beispiele anzahl schritte prozess
  struktur situation grundlage grundlagen voraussetzung folgende hinweis hinweise überblick einleitung
  zusammenfassung ausprägung ausprägungen benennung bezeichnung verwendung umgang zeitpunkt abbildung tabelle
  tabellen aufgabe aufgaben übung übungen lösung lösungen erwartung lernende lernenden schülerinnen schüler
  lehrkraft lehrkräfte außerdem allerdings ebenfalls stattdessen anschließend schließlich zunächst trotzdem deswegen
  insgesamt daten quelle quellen lehrwerk inhalte inhalt bildung grundfrage mithilfe diskussion diskussionen
  differenz resultat resultate vorschrift vorschriften verständnis bearbeitung änderung änderungen auswirkung
  auswirkungen abhängigkeit betrachtung betrachtungen entscheidung entscheidungen umgebung vorgehen vorgang einfluss
  einflüsse semester studium frustration motivation gedankengang hilfe ansatz ansätze aspekt aspekte faktor faktoren
  anhaltspunkt merksatz regel
  verhalten beobachtung beobachtungen untersuchung untersuchungen individuum individuen nachteil nachteile vorteil
  vorteile dokument dokumente beseitigung veränderung veränderungen ursache ursachen thema themen begriff begriffe
  survey surveys researcher researchers dissertation dissertations segment segments observation observations finding
  findings aspect aspects issue issues topic topics`.split(/\s+/),
);
