// `npm start`: builds whatever is missing or older than its sources, then runs the production server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function run(script) {
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const clientBuilt = newestMtime('dist/client/index.html');
const clientSources = Math.max(newestMtime('src/client'), newestMtime('src/shared'), newestMtime('index.html'));
if (clientBuilt === 0 || clientBuilt < clientSources) run('build:client');

const serverBuilt = newestMtime('dist/server/main.js');
const serverSources = Math.max(newestMtime('src/server'), newestMtime('src/shared'));
if (serverBuilt === 0 || serverBuilt < serverSources) run('build:server');

process.env.NODE_ENV ??= 'production';
await import(path.resolve('dist/server/main.js'));
