/** Rejects with a 'hung' error when `promise` has not settled within `ms`; the timer never outlives the promise. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what = 'the call'): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} hung: no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
