// `npm run dev`: the API server with reload on change (tsx watch) and Vite's dev server with hot module reload,
// which proxies /api to the API server. Open http://localhost:5173.
import { spawn } from 'node:child_process';

const api = spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'development', APP_URL: process.env.APP_URL ?? 'http://localhost:5173' },
});
const web = spawn('npx', ['vite'], { stdio: 'inherit' });

const stop = () => {
  api.kill('SIGTERM');
  web.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  web.kill('SIGTERM');
  process.exitCode = code ?? 0;
});
