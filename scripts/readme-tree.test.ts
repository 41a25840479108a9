import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

/** The server's folders as the README's architecture tree names them (`  name/` or `  study/engines/` at its left). */
function treeFolders(readme: string): string[] {
  const start = readme.indexOf('\nsrc/server/\n');
  const end = readme.indexOf('\nsrc/client/\n', start);
  return [...readme.slice(start, end).matchAll(/^ {2}([a-z-]+(?:\/[a-z-]+)?)\/ /gm)].map((match) => match[1]!);
}

/** The server's folders on disk: every area, and the folders of study/, which is split by what it holds. */
function diskFolders(): string[] {
  const folders = (path: string) =>
    readdirSync(path, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  return folders('src/server').flatMap((name) => (name === 'study' ? folders('src/server/study').map((sub) => `study/${sub}`) : [name]));
}

test("the README's architecture tree names every server folder, and no folder that is gone", () => {
  const named = treeFolders(readFileSync('README.md', 'utf8'));
  expect(named.length).toBeGreaterThan(20);
  expect([...named].sort()).toEqual(diskFolders().sort());
});
