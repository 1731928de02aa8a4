/**
 * tau-prolog 0.3 assigns eight globals without declaring them
 * (`tau_file_system = …` in modules/core.js). As a CommonJS script that is
 * sloppy-mode code and creates them; once a bundler wraps it into an ES
 * module (strict mode) the assignment throws "ReferenceError:
 * tau_file_system is not defined" when the rules code loads. Defining the
 * names on globalThis first turns the assignments into ordinary property
 * writes, which strict mode allows. This module must be evaluated before
 * tau-prolog: tau.ts imports it first. The list is exactly what a strict
 * bundle of tau-prolog 0.3.4 trips over (test/rules/tau-strict.test.ts
 * checks it).
 */
export const TAU_GLOBALS = [
  'tau_file_system',
  'tau_user_input',
  'tau_user_output',
  'tau_user_error',
  'nodejs_file_system',
  'nodejs_user_input',
  'nodejs_user_output',
  'nodejs_user_error',
] as const;

const scope = globalThis as Record<string, unknown>;
for (const name of TAU_GLOBALS) if (!(name in scope)) scope[name] = undefined;

/**
 * Outside Node, tau-prolog also reads `window` when it loads (`__env:
 * nodejs_flag ? global : window`, the environment of its JS-interop module,
 * which textlens does not use). A Web Worker has no `window`, so loading the
 * rules there threw "window is not defined". A global `window` property
 * holding undefined makes that read harmless, and `typeof window` and
 * `globalThis.window` still say there is no window to other libraries.
 */
const inNode = typeof process !== 'undefined' && !(process as { browser?: boolean }).browser;
if (!inNode && !('window' in scope)) scope.window = undefined;
