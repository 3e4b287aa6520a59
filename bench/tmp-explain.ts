import { statementProbe } from './driver';
import { scaleSerial } from '../scripts/scale-grow';
const url = process.env.URL!;
const probe = await statementProbe(url);
const s = (q: string) => `/api/registry/instruments?search=${encodeURIComponent(q)}`;
for (const [name, path] of [
  ['one word (broad)', s('spruce')],
  ['two words', s('spruce Calloway')],
  ['misspelt maker', s('Caloway')],
  ['serial number', s(scaleSerial(776))],
  ['rare misspelt', s('koa celo granda')],
  ['makers: two words', '/api/profile/shops?q=ruiz%20granada'],
  ['explore: two words', '/api/lms/courses/explore?q=polish%20french'],
]) {
  const plans = await probe.plans(path!);
  console.log(`\n=== ${name}: ${path}`);
  for (const p of plans) console.log(p.plan);
}
await probe.close();
