import { useCallback, useEffect, useRef, useState } from 'react';
import { DESCRIPTION_CHUNK_SPACING_MS } from '../../../shared/sharing';

/**
 * Shows generated text as it "arrives" (spec §4): `play(chunks)` appends the first chunk at once and each next one
 * DESCRIPTION_CHUNK_SPACING_MS (50 ms) later, calling `onText` with the text so far; it resolves with the whole text.
 */
export function useChunkedText(onText: (text: string) => void) {
  const [playing, setPlaying] = useState(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  const latest = useRef(onText);
  useEffect(() => {
    latest.current = onText;
  }, [onText]);
  useEffect(
    () => () => {
      for (const timer of timers.current) clearTimeout(timer);
    },
    [],
  );
  const play = useCallback((chunks: readonly string[]) => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [];
    const whole = chunks.join('');
    if (chunks.length === 0) {
      latest.current('');
      return Promise.resolve(whole);
    }
    setPlaying(true);
    return new Promise<string>((resolve) => {
      let text = '';
      const append = (index: number) => {
        text += chunks[index] ?? '';
        latest.current(text);
        if (index === chunks.length - 1) {
          setPlaying(false);
          resolve(whole);
        }
      };
      append(0);
      for (let index = 1; index < chunks.length; index++) {
        timers.current.push(setTimeout(() => append(index), index * DESCRIPTION_CHUNK_SPACING_MS));
      }
    });
  }, []);
  return { play, playing };
}
