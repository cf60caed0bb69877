// Builds the downloadable press kit in public/press/ and its size manifest site/press-files.json:
//   - kongres-ai-logo.zip: the SVG logos of public/press/logo/ and a short usage note
//   - illustrations/*.jpg (drawn scenes, full size and 640 px thumbnails; never presented as
//     photographs) and kongres-ai-ilustracje.zip of the full ones
//   - the press release as PDF, one per language
// Facts come from site/ (formatted as the pages format them). Run after changing any of them:
// `npm run press-kit`. The speakers' bios are not built here: the worker makes them from what is
// published, after each publication (worker/content/press-bios.ts).
import { mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { runnerImport } from 'vite';
import { CHROMIUM_ARGS, findBrowser } from './browser.mjs';
import { TEXTS } from './press-kit-texts.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'public/press');
const load = async (path) => (await runnerImport(join(root, path), { configFile: false, logLevel: 'warn' })).module;

const { siteFacts, interpolate } = await load('site/facts.ts');
const { LANGUAGES } = await load('site/languages.ts');
const { href } = await load('site/pages.ts');
const { EDITION_YEAR, SITE_ORIGIN } = await load('site/event.ts');
const press = await load('site/press.ts');

// --- zip: a plain PKZIP writer (deflate for text, store for JPEG), fixed timestamps so a
// rebuild of unchanged files gives the same archive.
function zip(entries) {
  const DOS_TIME = 0;
  // 1 January of the edition's year: fixed, so a rebuild of unchanged files gives the same bytes.
  const DOS_DATE = ((EDITION_YEAR - 1980) << 9) | (1 << 5) | 1;
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const compress = !name.endsWith('.jpg');
    const body = compress ? deflateRawSync(data, { level: 9 }) : data;
    // The fields a local header and its central directory entry share, from "version needed" on.
    const describe = (header, at) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(0x0800, at + 2);
      header.writeUInt16LE(compress ? 8 : 0, at + 4);
      header.writeUInt16LE(DOS_TIME, at + 6);
      header.writeUInt16LE(DOS_DATE, at + 8);
      header.writeUInt32LE(crc32(data), at + 10);
      header.writeUInt32LE(body.length, at + 14);
      header.writeUInt32LE(data.length, at + 18);
      header.writeUInt16LE(nameBytes.length, at + 22);
      return header;
    };
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    describe(head, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    describe(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(head, nameBytes, body);
    centrals.push(central, nameBytes);
    offset += head.length + nameBytes.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

// --- illustrations of the congress, drawn as SVG and rendered to JPEG.
function random(seed) {
  let s = seed;
  return () => {
    s = (s * 1664525 + 1013904223) % 4294967296;
    return s / 4294967296;
  };
}

const ACCENT = '#5b3df5';
const crowd = (rand, { rows, top, bottom, width, color }) => {
  let out = '';
  for (let r = 0; r < rows; r++) {
    const y = top + ((bottom - top) * r) / rows;
    const scale = 0.6 + (r / rows) * 0.9;
    const step = 46 * scale;
    for (let x = -20 + rand() * step; x < width + 20; x += step * (0.85 + rand() * 0.3)) {
      const head = 11 * scale;
      const shade = Math.round(18 + r * 4 + rand() * 10);
      const fill = color ?? `rgb(${shade},${shade + 4},${shade + 22})`;
      out += `<circle cx="${x.toFixed(1)}" cy="${(y - head * 2.2).toFixed(1)}" r="${head.toFixed(1)}" fill="${fill}"/>`;
      out += `<path d="M${(x - head * 1.7).toFixed(1)} ${(y + head).toFixed(1)}q0 -${(head * 2.6).toFixed(1)} ${(head * 1.7).toFixed(1)} -${(head * 2.6).toFixed(1)}t${(head * 1.7).toFixed(1)} ${(head * 2.6).toFixed(1)}z" fill="${fill}"/>`;
    }
  }
  return out;
};

const person = (x, y, s, fill, lanyard = false) =>
  `<g transform="translate(${x} ${y}) scale(${s})"><circle cx="0" cy="-150" r="26" fill="${fill}"/>` +
  `<path d="M-44 -108q44 -22 88 0l10 108h-108z" fill="${fill}"/>` +
  (lanyard
    ? `<path d="M-14 -112l14 40 14-40" stroke="${ACCENT}" stroke-width="5" fill="none"/><rect x="-12" y="-74" width="24" height="30" rx="3" fill="#e9ecf8"/>`
    : '') +
  `<rect x="-30" y="0" width="24" height="90" fill="${fill}"/><rect x="6" y="0" width="24" height="90" fill="${fill}"/></g>`;

const SCENES = {
  stage: (rand) => `
    <defs>
      <radialGradient id="glow" cx="50%" cy="30%" r="60%"><stop offset="0" stop-color="#7b61ff" stop-opacity=".85"/><stop offset="1" stop-color="#0b1020" stop-opacity="0"/></radialGradient>
      <linearGradient id="screen" x1="0" x2="1" y1="0" y2="1"><stop offset="0" stop-color="#3b22c9"/><stop offset=".55" stop-color="${ACCENT}"/><stop offset="1" stop-color="#c06bff"/></linearGradient>
      <linearGradient id="beam" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".35"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>
    </defs>
    <rect width="1600" height="1000" fill="#070a16"/>
    <rect width="1600" height="1000" fill="url(#glow)"/>
    <rect x="420" y="120" width="760" height="400" rx="10" fill="url(#screen)"/>
    <g fill="none" stroke="#fff" stroke-opacity=".55" stroke-width="3">${Array.from({ length: 9 }, (_, i) => `<path d="M${520 + i * 70} 220L${560 + ((i * 53) % 560)} 430"/>`).join('')}</g>
    <g fill="#fff">${Array.from({ length: 14 }, (_, i) => `<circle cx="${500 + ((i * 97) % 620)}" cy="${200 + ((i * 61) % 260)}" r="${8 + (i % 3) * 4}"/>`).join('')}</g>
    <text x="800" y="360" text-anchor="middle" font-family="Liberation Sans, Arial, sans-serif" font-weight="700" font-size="120" fill="#fff">AI</text>
    <path d="M300 0L120 1000H480L420 0z" fill="url(#beam)"/><path d="M1300 0L1480 1000H1120L1180 0z" fill="url(#beam)"/>
    <rect x="0" y="560" width="1600" height="60" fill="#151b33"/><rect x="0" y="556" width="1600" height="6" fill="${ACCENT}"/>
    ${person(1250, 560, 0.9, '#0b1020')}
    <rect x="1280" y="470" width="70" height="90" rx="6" fill="#1b2238"/>
    ${crowd(rand, { rows: 6, top: 690, bottom: 1060, width: 1600 })}`,
  expo: (rand) => {
    const colors = [ACCENT, '#2ec4b6', '#ff7a59', '#ffd166', '#4f8cff', '#c06bff'];
    let booths = '';
    for (let i = 0; i < 6; i++) {
      const x = 40 + i * 260;
      const c = colors[i % colors.length];
      booths += `<rect x="${x}" y="330" width="230" height="300" fill="#f3f4fa"/><rect x="${x}" y="300" width="230" height="56" fill="${c}"/>`;
      booths += `<rect x="${x + 30}" y="380" width="170" height="100" rx="6" fill="#1b2238"/><rect x="${x + 40}" y="390" width="150" height="80" fill="${c}" opacity=".55"/>`;
      booths += `<rect x="${x + 50}" y="540" width="130" height="90" fill="#dfe3ee"/><rect x="${x + 50}" y="540" width="130" height="10" fill="${c}"/>`;
      booths += `<rect x="${x + 20}" y="314" width="${90 + rand() * 80}" height="14" rx="7" fill="#fff" opacity=".85"/>`;
    }
    let people = '';
    for (let i = 0; i < 16; i++) {
      const shade = ['#1b2238', '#2a3350', '#3b4466', '#0b1020'][i % 4];
      people += person(60 + i * 100 + rand() * 40, 840 + rand() * 80, 0.75 + rand() * 0.35, shade, rand() > 0.4);
    }
    return `
    <defs><linearGradient id="floor" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#cfd4e6"/><stop offset="1" stop-color="#9aa2bd"/></linearGradient></defs>
    <rect width="1600" height="1000" fill="#e6e9f4"/>
    <rect width="1600" height="260" fill="#202845"/>
    <g stroke="#3a4468" stroke-width="6">${Array.from({ length: 12 }, (_, i) => `<path d="M${i * 140} 0L${i * 140 + 200} 260"/>`).join('')}</g>
    <g fill="#fff7d6">${Array.from({ length: 10 }, (_, i) => `<circle cx="${80 + i * 160}" cy="200" r="14"/>`).join('')}</g>
    <rect x="0" y="630" width="1600" height="370" fill="url(#floor)"/>
    ${booths}${people}`;
  },
  workshop: (rand) => {
    let tables = '';
    for (let row = 0; row < 2; row++) {
      const y = 560 + row * 220;
      const s = 0.9 + row * 0.25;
      tables += `<rect x="${80 - row * 60}" y="${y}" width="${1440 + row * 120}" height="${26 * s}" rx="6" fill="#c9a27a"/>`;
      for (let i = 0; i < 6; i++) {
        const x = 170 + i * 230 - row * 40 + rand() * 20;
        const shade = ['#1b2238', '#2a3350', '#3b4466'][i % 3];
        tables += person(x, y + 10, 0.8 * s, shade, false);
        tables += `<path d="M${x - 60 * s} ${y}l${14 * s} ${-70 * s}h${92 * s}l${14 * s} ${70 * s}z" fill="#2a3350"/>`;
        tables += `<path d="M${x - 40 * s} ${y - 8 * s}l${8 * s} ${-50 * s}h${64 * s}l${8 * s} ${50 * s}z" fill="${i % 2 ? ACCENT : '#4f8cff'}" opacity=".8"/>`;
      }
    }
    return `
    <rect width="1600" height="1000" fill="#f3efe8"/>
    <rect x="0" y="0" width="1600" height="470" fill="#e8e2d6"/>
    <rect x="500" y="70" width="600" height="330" rx="8" fill="#0b1020"/>
    <rect x="520" y="90" width="560" height="290" fill="#151b33"/>
    <g font-family="Liberation Mono, monospace" font-size="26" fill="#b5bdd6">
      <text x="550" y="150">prompt = "Explain like I'm five"</text>
      <text x="550" y="200" fill="#a493ff">model.generate(prompt)</text>
      <text x="550" y="250">temperature = 0.2</text>
      <text x="550" y="300" fill="#2ec4b6"># 20 of 25 seats taken</text>
    </g>
    <rect x="0" y="470" width="1600" height="530" fill="#d9cfbf"/>
    ${tables}`;
  },
  networking: (rand) => {
    let scene = '';
    for (let i = 0; i < 4; i++) {
      const x = 220 + i * 390;
      scene += `<rect x="${x - 8}" y="610" width="16" height="260" fill="#1b2238"/><ellipse cx="${x}" cy="610" rx="110" ry="26" fill="#2a3350"/><ellipse cx="${x}" cy="870" rx="70" ry="12" fill="#0b1020" opacity=".5"/>`;
      scene += `<rect x="${x - 40}" y="572" width="18" height="34" rx="4" fill="#ffd166"/><rect x="${x + 20}" y="576" width="18" height="30" rx="4" fill="#2ec4b6"/>`;
      scene += person(x - 150, 900, 1 + rand() * 0.1, ['#e9ecf8', '#c9cfe3'][i % 2], true);
      scene += person(x + 150, 905, 0.95 + rand() * 0.1, ['#b5bdd6', '#dfe3ee'][i % 2], true);
    }
    return `
    <defs><radialGradient id="warm" cx="50%" cy="0%" r="90%"><stop offset="0" stop-color="#3b22c9"/><stop offset="1" stop-color="#0b1020"/></radialGradient></defs>
    <rect width="1600" height="1000" fill="url(#warm)"/>
    <g fill="#ffd166">${Array.from({ length: 40 }, (_, i) => `<circle cx="${20 + i * 40}" cy="${90 + Math.sin(i / 2) * 30}" r="5" opacity="${0.5 + (i % 3) * 0.2}"/>`).join('')}</g>
    <path d="M0 90Q400 150 800 90T1600 90" stroke="#ffd166" stroke-opacity=".3" fill="none" stroke-width="2"/>
    <rect x="0" y="780" width="1600" height="220" fill="#070a16" opacity=".6"/>
    ${scene}`;
  },
};

/** The texts of a language with every `{{fact}}` filled in, the way the catalogues are. */
const fill = (value, facts) =>
  typeof value === 'string'
    ? interpolate(value, facts)
    : Array.isArray(value)
      ? value.map((item) => fill(item, facts))
      : Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, facts)]));

// --- documents: HTML laid out for A4, printed to PDF by Chromium.
const escapeHtml = (value) =>
  String(value).replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]);

const STYLE = `
  @page { size: A4; margin: 18mm 18mm 20mm; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: "Liberation Sans", Arial, sans-serif; color: #0b1020; font-size: 10.5pt; line-height: 1.55; }
  header { display: flex; justify-content: space-between; align-items: center; padding-bottom: 8mm; border-bottom: 2px solid #5b3df5; margin-bottom: 8mm; }
  header svg { height: 16mm; width: auto; }
  .kind { text-transform: uppercase; letter-spacing: .14em; font-weight: 700; color: #5b3df5; font-size: 9pt; text-align: right; }
  h1 { font-size: 20pt; line-height: 1.2; margin: 0 0 6mm; }
  h2 { font-size: 13pt; margin: 8mm 0 2mm; }
  p { margin: 0 0 3.5mm; }
  .lead { font-weight: 700; }
  .facts { margin-top: 8mm; padding: 5mm 6mm; background: #ece8ff; border-radius: 3mm; }
  .facts h2 { margin-top: 0; }
  dl { display: grid; grid-template-columns: 40mm 1fr; gap: 1.5mm 4mm; margin: 0; }
  dt { font-weight: 700; color: #3b22c9; }
  dd { margin: 0; }
  footer { margin-top: 10mm; font-size: 9pt; color: #525a73; }
`;

const documentHtml = (
  lang,
  kind,
  body,
) => `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><style>${STYLE}</style></head>
<body><header>${logoSvg}<div class="kind">${escapeHtml(kind)}</div></header>${body}</body></html>`;

function releaseHtml(lang, f, t) {
  const site = SITE_ORIGIN + href(lang, 'home');
  return documentHtml(
    lang,
    t.release,
    `<p class="dateline">${escapeHtml(t.dateline)}</p>
    <h1>${escapeHtml(t.title)}</h1>
    ${t.body.map((p, i) => `<p${i === 0 ? ' class="lead"' : ''}>${escapeHtml(p)}</p>`).join('')}
    <section class="facts"><h2>${escapeHtml(t.factsTitle)}</h2><dl>
      <dt>${escapeHtml(t.facts.date)}</dt><dd>${escapeHtml(`${f.date}, ${f.start}–${f.end}`)}</dd>
      <dt>${escapeHtml(t.facts.venue)}</dt><dd>${escapeHtml(`${f.venue}, ${f.street}, ${f.postalCode} ${f.city}`)}</dd>
      <dt>${escapeHtml(t.facts.online)}</dt><dd>${escapeHtml(t.facts.onlineValue)}</dd>
      <dt>${escapeHtml(t.facts.website)}</dt><dd>${escapeHtml(site)}</dd>
      <dt>${escapeHtml(t.facts.press)}</dt><dd>${escapeHtml(`${f.pressEmail}, ${f.phone}`)}</dd>
    </dl></section>
    <h2>${escapeHtml(t.aboutTitle)}</h2><p>${escapeHtml(t.about)}</p>`,
  );
}

const logoSvg = (await readFile(join(out, 'logo/kongres-ai-logo-kolor.svg'), 'utf8')).replace(
  /<title[^>]*>.*?<\/title>/,
  '',
);

// --- build
await mkdir(join(out, 'illustrations'), { recursive: true });
const browser = await chromium.launch({ executablePath: findBrowser(), args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();

  const photoEntries = [];
  for (const [id, draw] of Object.entries(SCENES)) {
    const photo = press.PRESS_PHOTOS.find((p) => p.id === id);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 1000" width="100%" height="100%" preserveAspectRatio="xMidYMid slice">${draw(random(id.length * 7919))}</svg>`;
    for (const [path, width, quality] of [
      [photo.full, 1600, 86],
      [photo.thumb, photo.width, 78],
    ]) {
      await page.setViewportSize({ width, height: Math.round((width * 10) / 16) });
      await page.setContent(`<html><body style="margin:0">${svg}</body></html>`);
      const jpg = await page.screenshot({ type: 'jpeg', quality });
      await writeFile(join(root, 'public', path), jpg);
      if (path === photo.full) photoEntries.push({ name: path.split('/').pop(), data: jpg });
    }
  }
  const photosZip = press.PRESS_DOWNLOADS.find((d) => d.id === 'photos').path('pl');
  await writeFile(join(root, 'public', photosZip), zip(photoEntries));

  const logos = (await readdir(join(out, 'logo'))).filter((name) => name.endsWith('.svg')).sort();
  const note = [
    'Kongres AI Polska: logo',
    '',
    'PL: kolor na jasne tło, białe na ciemne tło, czarne do druku jednobarwnego, sygnet jako ikona.',
    'Zachowaj odstęp od innych elementów równy co najmniej połowie wysokości sygnetu. Nie zmieniaj kolorów ani proporcji.',
    '',
    'EN: colour on light backgrounds, white on dark backgrounds, black for one-colour print, the sign as an icon.',
    'Keep clear space of at least half the height of the sign. Do not change the colours or proportions.',
    '',
    'Kolory / colours: #5B3DF5 (AI), #0B1020 (ink), #A493FF (AI on dark)',
    `Kontakt / contact: ${siteFacts('pl').pressEmail}`,
    '',
  ].join('\r\n');
  await writeFile(
    join(root, 'public', press.PRESS_DOWNLOADS.find((d) => d.id === 'logoPack').path('pl')),
    zip([
      ...(await Promise.all(
        logos.map(async (name) => ({ name: `kongres-ai-logo/${name}`, data: await readFile(join(out, 'logo', name)) })),
      )),
      { name: 'kongres-ai-logo/CZYTAJ-README.txt', data: Buffer.from(note, 'utf8') },
    ]),
  );

  for (const { code } of LANGUAGES) {
    const f = siteFacts(code);
    const t = fill(TEXTS[code], f);
    for (const [id, html] of [['pressRelease', releaseHtml(code, f, t)]]) {
      await page.setContent(html, { waitUntil: 'load' });
      const pdf = await page.pdf({
        format: 'A4',
        printBackground: true,
        displayHeaderFooter: true,
        headerTemplate: '<span></span>',
        footerTemplate: `<div style="width:100%;font:8px Liberation Sans,Arial,sans-serif;color:#525a73;text-align:center">Kongres AI Polska · ${escapeHtml(t.page)} <span class="pageNumber"></span>/<span class="totalPages"></span></div>`,
        margin: { top: '18mm', bottom: '20mm', left: '18mm', right: '18mm' },
        tagged: true,
      });
      await writeFile(join(root, 'public', press.PRESS_DOWNLOADS.find((d) => d.id === id).path(code)), pdf);
    }
  }
} finally {
  await browser.close();
}

// The page shows each file's size; the manifest is where it reads them from.
const files = {};
const walk = async (dir) => {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await walk(path);
    else files[`/${path.slice(join(root, 'public').length + 1)}`] = (await stat(path)).size;
  }
};
await walk(out);
const sorted = Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b)));
await writeFile(join(root, 'site/press-files.json'), `${JSON.stringify({ files: sorted }, null, 2)}\n`);
console.log(`press kit: ${Object.keys(sorted).length} files in public/press`);
