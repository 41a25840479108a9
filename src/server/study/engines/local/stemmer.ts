import snowball from 'snowball-stemmers';

/**
 * German has no lemmatiser in wink: the Snowball stemmer folds a noun's inflections into one key ("Gas", "Gase",
 * "Gases" → "gas"; "Temperaturen" → "temperatur"), which is what key terms and matching need.
 */
const german = snowball.newStemmer('german');

export function germanStem(lower: string): string {
  return german.stem(lower);
}
