// `npm run dev`: the API server on :3001 (embedded database) and Vite with hot reload on :3000.
import { spawn } from 'node:child_process';

const env = { ...process.env };
const server = spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
  stdio: 'inherit',
  // Customers browse Vite's port: links in emails and payment returns lead there.
  env: {
    ...env,
    PORT: '3001',
    WEB_DIST_DIR: 'dist/none',
    PUBLIC_URL: env.PUBLIC_URL ?? 'http://localhost:3000',
  },
});
const vite = spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit', env });
const stop = () => {
  server.kill('SIGTERM');
  vite.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => {
  vite.kill('SIGTERM');
  process.exitCode = code ?? 0;
});
