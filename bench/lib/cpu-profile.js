// Loaded with `--require` through NODE_OPTIONS (which refuses `--cpu-prof`):
// profiles the whole life of a service process and writes a .cpuprofile,
// readable by Chrome DevTools, into CPU_PROFILE_DIR when the process exits,
// named after CPU_PROFILE_NAME and the process id.
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');

const session = new Session();
session.connect();
session.post('Profiler.enable');
session.post('Profiler.setSamplingInterval', { interval: 200 });
session.post('Profiler.start');
process.on('exit', () => {
  // The in-process inspector answers synchronously, so this completes before exit.
  session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(join(process.env.CPU_PROFILE_DIR, `${process.env.CPU_PROFILE_NAME ?? 'process'}-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
  });
});
