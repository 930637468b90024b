import {loadRelease, loadWorkingSpec} from './index';
import {compareOpenApi} from './engine';
const b = loadRelease('1.0.0'), h = loadWorkingSpec();
for (const api of ['accounts', 'webhooks']) for (const d of compareOpenApi(b.apis[api], h.apis[api])) if (d.path[0] !== 'components') console.log(d.type, d.action, d.path.join('|'), JSON.stringify(d.before)?.slice(0, 200), '=>', JSON.stringify(d.after)?.slice(0, 200));
