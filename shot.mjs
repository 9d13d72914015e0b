import {chromium} from '@playwright/test';
const [,, path, out, mode='light', width='1280', full='0'] = process.argv;
const b = await chromium.launch({executablePath:'/usr/bin/chromium', args:['--no-sandbox']});
const ctx = await b.newContext({viewport:{width:Number(width), height: Number(width) < 600 ? 844 : 900}, colorScheme: mode});
const p = await ctx.newPage();
await p.addInitScript((m) => { for (const k of Object.keys(localStorage)) {} localStorage.setItem('theme', m); }, mode);
await p.goto('http://127.0.0.1:3999' + path);
await p.waitForSelector('html[data-has-hydrated="true"]');
if (mode === 'dark') { const t = await p.evaluate(() => document.documentElement.dataset.theme); if (t !== 'dark') { await p.getByRole('button', {name: /Switch between dark and light mode/}).filter({visible:true}).first().click().catch(()=>{}); } }
await p.waitForTimeout(300);
await p.screenshot({path: out, fullPage: full === '1'});
await b.close();
