import type { Locale } from '../../shared/schemas';
import { isLocale } from '../lib/i18n';

/**
 * The 8 testimonials of spec §1, shown on the landing page and on upgrade screens. Each keeps its English and German
 * text side by side so a translation cannot drift from its original; names are the same in both languages.
 * imageSrc is an illustrated avatar in public/testimonials/ (served from the site, no external images).
 */
export interface Testimonial {
  name: string;
  imageSrc: string;
  role: Record<Locale, string>;
  text: Record<Locale, string>;
}

/** The spec's Testimonial entity (text, imageSrc, name, role) in one language. */
export interface LocalizedTestimonial {
  name: string;
  imageSrc: string;
  role: string;
  text: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Lena Hoffmann',
    imageSrc: '/testimonials/lena-hoffmann.svg',
    role: { en: 'Medical student, 3rd semester', de: 'Medizinstudentin im 3. Semester' },
    text: {
      en: 'I upload the anatomy slides the evening they go online. By morning a learn path is waiting, and when I ask the tutor chat something, it tells me which page the answer comes from. I check the source instead of trusting a guess.',
      de: 'Ich lade die Anatomie-Folien hoch, sobald sie online sind. Am nächsten Morgen wartet ein Lernpfad auf mich, und wenn ich im Tutor-Chat etwas frage, nennt er mir die Seite, auf der die Antwort steht. So prüfe ich die Quelle, statt einer Vermutung zu vertrauen.',
    },
  },
  {
    name: 'Jonas Weber',
    imageSrc: '/testimonials/jonas-weber.svg',
    role: { en: 'Law student', de: 'Jurastudent' },
    text: {
      en: 'Our civil law script runs to more than 200 pages. The summary gives me the structure first, and the mind map shows how the sections connect. I still read the script, but now I know what I am looking for.',
      de: 'Unser Skript zum BGB AT hat über 200 Seiten. Die Zusammenfassung zeigt mir zuerst die Struktur, die Mindmap, wie die Abschnitte zusammenhängen. Ich lese das Skript trotzdem – aber jetzt weiß ich, wonach ich suche.',
    },
  },
  {
    name: 'Amira Haddad',
    imageSrc: '/testimonials/amira-haddad.svg',
    role: { en: 'Computer science student', de: 'Informatikstudentin' },
    text: {
      en: 'I learn algorithm runtimes with the flashcards. Spaced repetition brings back exactly the cards I am about to forget, not the ones I already know. Ten minutes on the tram keep my streak alive.',
      de: 'Laufzeiten von Algorithmen lerne ich mit den Karteikarten. Die Wiederholung in Abständen holt genau die Karten zurück, die ich bald vergessen würde – nicht die, die ich längst kann. Zehn Minuten in der Straßenbahn reichen, damit meine Serie hält.',
    },
  },
  {
    name: 'Sophie Brandt',
    imageSrc: '/testimonials/sophie-brandt.svg',
    role: { en: 'Parent of a ninth-grader', de: 'Mutter eines Neuntklässlers' },
    text: {
      en: 'My son invited me to his history course. I read the summary and try a lesson myself, so at dinner we quiz each other instead of me asking whether he studied. He very much enjoys beating me on the leaderboard.',
      de: 'Mein Sohn hat mich in seinen Geschichtskurs eingeladen. Ich lese die Zusammenfassung und mache selbst eine Lektion – so fragen wir uns beim Abendessen gegenseitig ab, statt dass ich nur frage, ob er gelernt hat. Dass er mich in der Rangliste schlägt, gefällt ihm sehr.',
    },
  },
  {
    name: 'Marco Rossi',
    imageSrc: '/testimonials/marco-rossi.svg',
    role: { en: 'Private maths tutor', de: 'Mathe-Nachhilfelehrer' },
    text: {
      en: 'I set up one course per exam topic and invite each student privately with view access. They practise the lessons between our sessions and bring the challenges they got stuck on, so our hour goes to real problems instead of repeating the basics.',
      de: 'Für jedes Prüfungsthema lege ich einen Kurs an und lade meine Schüler privat mit Leserechten ein. Zwischen unseren Terminen üben sie die Lektionen und bringen die Aufgaben mit, an denen sie hängen geblieben sind. So nutzen wir unsere Stunde für echte Probleme statt für die Grundlagen.',
    },
  },
  {
    name: 'Emily Carter',
    imageSrc: '/testimonials/emily-carter.svg',
    role: { en: 'Sixth-form student, A-level chemistry', de: 'Oberstufenschülerin, Chemie-Leistungskurs' },
    text: {
      en: 'Hearts make me slow down. If I rush through a lesson I run out, so now I actually read the question. After a wrong answer the explanation points me to the page in my notes, and that is where I learn the most.',
      de: 'Die Herzen bremsen mich. Wenn ich eine Lektion durchklicke, sind sie schnell weg – also lese ich die Frage jetzt wirklich. Nach einer falschen Antwort zeigt mir die Erklärung die Seite in meinen Unterlagen, und genau da lerne ich am meisten.',
    },
  },
  {
    name: 'Tobias Krüger',
    imageSrc: '/testimonials/tobias-krueger.svg',
    role: { en: 'Mechanical engineering student', de: 'Maschinenbaustudent' },
    text: {
      en: 'Our study group shares one thermodynamics course. Two of us have edit access and keep the files tidy; everyone else joined through the link. The weekly leaderboard turned exam prep into a friendly competition.',
      de: 'Unsere Lerngruppe teilt sich einen Thermodynamik-Kurs. Zwei von uns können ihn bearbeiten und halten die Dateien in Ordnung, alle anderen sind über den Link dazugekommen. Die Wochen-Rangliste hat aus der Prüfungsvorbereitung einen freundschaftlichen Wettkampf gemacht.',
    },
  },
  {
    name: 'Priya Nair',
    imageSrc: '/testimonials/priya-nair.svg',
    role: { en: 'Nursing student working shifts', de: 'Pflege-Azubi im Schichtdienst' },
    text: {
      en: 'I work shifts at the hospital, so I study in short bursts. A lesson takes about five minutes, the daily quests show me what is still open, and the pharmacology summary is enough to refresh a topic on the bus home.',
      de: 'Ich arbeite im Schichtdienst im Krankenhaus und lerne deshalb in kurzen Etappen. Eine Lektion dauert etwa fünf Minuten, die täglichen Quests zeigen mir, was noch offen ist, und die Zusammenfassung zur Pharmakologie reicht, um ein Thema auf der Heimfahrt aufzufrischen.',
    },
  },
];

/** The testimonial in the UI's language; any language without texts of its own reads English. */
export function localizeTestimonial(testimonial: Testimonial, language: string): LocalizedTestimonial {
  // Not localeSchema: zod would be most of what the landing page loads.
  const locale: Locale = isLocale(language) ? language : 'en';
  return {
    name: testimonial.name,
    imageSrc: testimonial.imageSrc,
    role: testimonial.role[locale],
    text: testimonial.text[locale],
  };
}
