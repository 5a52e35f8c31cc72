/** `npm run bench`: every benchmark, each figure printed next to its target. */
import { LANDING_JS_BUDGET_KB, measureLandingJs } from './landing-js.js';

function report(name: string, value: number, unit: string, target: string, ok: boolean) {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${value.toFixed(1)} ${unit}  (target ${target})`);
  return ok;
}

const results: boolean[] = [];
const kb = await measureLandingJs();
results.push(report('landing page first-load JavaScript (gzip)', kb, 'KB', `< ${LANDING_JS_BUDGET_KB} KB`, kb < LANDING_JS_BUDGET_KB));

process.exitCode = results.every(Boolean) ? 0 : 1;
