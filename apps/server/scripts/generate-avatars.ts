/**
 * Generates the demo avatar SVGs in `apps/server/assets/avatars/`.
 * Run from the repo root: `npx tsx apps/server/scripts/generate-avatars.ts`.
 * Output is deterministic (seeded by file name) and committed; the SVGs are what gets served.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

type Scene =
  | "night"
  | "sky"
  | "flowers"
  | "space"
  | "city"
  | "ocean"
  | "fog"
  | "lighthouse"
  | "deco"
  | "sparkle"
  | "sunrise"
  | "castle"
  | "pixel"
  | "atoms"
  | "kitchen"
  | "cafe"
  | "circuit"
  | "books"
  | "leaves";
type Head = "human" | "robot" | "cat" | "cube" | "hood";
type Hair = "long" | "short" | "spiky" | "messy" | "bun" | "bob" | "curly" | "bigcurly" | "undercut" | "none";
type Neck = "v" | "collar" | "coat" | "crew" | "gown" | "armor" | "gakuran" | "apron" | "chef" | "cloak";
type Mouth = "smile" | "smirk" | "grin" | "neutral";
type Extra =
  | "elfEars"
  | "crescents"
  | "circlet"
  | "tricorn"
  | "scar"
  | "freckles"
  | "shades"
  | "implant"
  | "goggles"
  | "topHat"
  | "beard"
  | "mustache"
  | "headband"
  | "waves"
  | "featherBand"
  | "pearls"
  | "earrings"
  | "starClip"
  | "tie"
  | "glasses"
  | "pencil"
  | "scarf"
  | "chefHat"
  | "beanie"
  | "noseRing"
  | "headphones"
  | "greyTemples"
  | "streak"
  | "lantern";

type Spec = {
  file: string;
  bg: [string, string, string];
  scene: Scene;
  accent: string;
  head?: Head;
  skin: string;
  hair: string;
  hairStyle: Hair;
  eyes: string;
  outfit: string;
  trim: string;
  neck: Neck;
  mouth: Mouth;
  extras?: Extra[];
};

// ---------- helpers ----------

const hex = (n: number): string =>
  Math.round(Math.max(0, Math.min(255, n)))
    .toString(16)
    .padStart(2, "0");
/** Mix a #rrggbb colour towards black (amt < 0) or white (amt > 0). */
function shade(color: string, amt: number): string {
  const v = Number.parseInt(color.slice(1), 16);
  const ch = [(v >> 16) & 255, (v >> 8) & 255, v & 255];
  const t = amt < 0 ? 0 : 255;
  const a = Math.abs(amt);
  return `#${ch.map((c) => hex(c + (t - c) * a)).join("")}`;
}

function rng(seed: string): () => number {
  let h = 2166136261;
  for (const c of seed) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  let s = h >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r0 = (n: number): number => Math.round(n);
const r1 = (n: number): number => Math.round(n * 10) / 10;
const MIRROR = 'transform="matrix(-1 0 0 1 512 0)"';

/** Random points avoiding the central bust area. */
function scatter(rand: () => number, n: number, yMax = 512): [number, number][] {
  const pts: [number, number][] = [];
  let guard = 0;
  while (pts.length < n && guard++ < n * 40) {
    const x = rand() * 512;
    const y = rand() * yMax;
    const inBust = Math.abs(x - 256) < 120 && y > 90;
    if (!inBust) pts.push([r0(x), r0(y)]);
  }
  return pts;
}

function stars(rand: () => number, n: number, color: string): string {
  return scatter(rand, n)
    .map(
      ([x, y]) =>
        `<circle cx="${x}" cy="${y}" r="${r1(0.8 + rand() * 2)}" fill="${color}" opacity="${r1(0.4 + rand() * 0.6)}"/>`,
    )
    .join("");
}

function sparkle(x: number, y: number, s: number, color: string): string {
  return `<path d="M${x} ${y - s}Q${x} ${y} ${x + s} ${y}Q${x} ${y} ${x} ${y + s}Q${x} ${y} ${x - s} ${y}Q${x} ${y} ${x} ${y - s}Z" fill="${color}"/>`;
}

function crescent(cx: number, cy: number, r: number, color: string): string {
  return `<path d="M${cx} ${cy - r}A${r} ${r} 0 1 0 ${cx} ${cy + r}A${r1(r * 0.78)} ${r} 0 1 1 ${cx} ${cy - r}Z" fill="${color}"/>`;
}

function curls(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  a0: number,
  a1: number,
  n: number,
  r: number,
  fill: string,
): string {
  let out = "";
  for (let i = 0; i < n; i++) {
    const a = ((a0 + ((a1 - a0) * i) / (n - 1)) * Math.PI) / 180;
    out += `<circle cx="${r0(cx + rx * Math.cos(a))}" cy="${r0(cy + ry * Math.sin(a))}" r="${r}"/>`;
  }
  return `<g fill="${fill}">${out}</g>`;
}

// ---------- scenes ----------

function scene(s: Spec, rand: () => number): string {
  const a = s.accent;
  switch (s.scene) {
    case "night":
      return `${stars(rand, 46, "#fff")}${crescent(412, 104, 46, a)}${sparkle(92, 130, 14, "#fff")}${sparkle(440, 300, 10, "#fff")}`;
    case "sky": {
      const cloud = (x: number, y: number, k: number) =>
        `<g fill="#fff" opacity=".85"><ellipse cx="${x}" cy="${y}" rx="${48 * k}" ry="${18 * k}"/><circle cx="${x - 14 * k}" cy="${y - 12 * k}" r="${20 * k}"/><circle cx="${x + 14 * k}" cy="${y - 18 * k}" r="${24 * k}"/></g>`;
      return `<circle cx="420" cy="96" r="44" fill="${a}"/><circle cx="420" cy="96" r="64" fill="${a}" opacity=".25"/>${cloud(80, 120, 1.2)}${cloud(440, 250, 0.9)}${cloud(70, 330, 0.8)}<path d="M110 210q8-8 16 0q8-8 16 0M380 170q6-6 12 0q6-6 12 0" stroke="#3b2a4a" stroke-width="3" fill="none"/>`;
    }
    case "flowers": {
      const flower = ([x, y]: [number, number]) => {
        const c = rand() > 0.5 ? a : "#fff6d8";
        return `<g transform="translate(${x} ${y})" fill="${c}"><circle cx="0" cy="-9" r="7"/><circle cx="9" cy="-2" r="7"/><circle cx="5" cy="8" r="7"/><circle cx="-5" cy="8" r="7"/><circle cx="-9" cy="-2" r="7"/><circle r="5" fill="#f6b93b"/></g>`;
      };
      return `<path d="M0 400q64-24 128 0t128 0t128 0t128 0V512H0Z" fill="#fff" opacity=".18"/>${scatter(rand, 11, 420).map(flower).join("")}`;
    }
    case "space":
      return `${stars(rand, 50, "#dff6ff")}<ellipse cx="400" cy="120" rx="120" ry="60" fill="${a}" opacity=".18"/><circle cx="92" cy="112" r="46" fill="${a}"/><circle cx="80" cy="98" r="14" fill="#fff" opacity=".25"/><ellipse cx="92" cy="112" rx="80" ry="16" fill="none" stroke="#fff" stroke-width="4" opacity=".6" transform="rotate(-18 92 112)"/>`;
    case "city": {
      let b = "";
      const win = ["", ""];
      let x = 0;
      while (x < 512) {
        const w = 34 + r0(rand() * 40);
        const h = 120 + r0(rand() * 170);
        b += `<rect x="${x}" y="${512 - h}" width="${w - 4}" height="${h}" fill="#140b2e"/>`;
        for (let wy = 512 - h + 14; wy < 500; wy += 26)
          for (let wx = x + 7; wx < x + w - 12; wx += 14)
            if (rand() > 0.6) win[rand() > 0.5 ? 0 : 1] += `M${wx} ${wy}h5v8h-5Z`;
        x += w;
      }
      let rain = "";
      for (let i = 0; i < 26; i++) {
        const rx = r0(rand() * 512);
        const ry = r0(rand() * 400);
        rain += `M${rx} ${ry}l-6 22`;
      }
      return `${b}<g opacity=".8"><path d="${win[0]}" fill="${a}"/><path d="${win[1]}" fill="#ff4fd8"/></g><path d="${rain}" stroke="#bfe9ff" stroke-width="1.5" opacity=".35"/>`;
    }
    case "ocean": {
      let bub = "";
      for (const [x, y] of scatter(rand, 22))
        bub += `<circle cx="${x}" cy="${y}" r="${r1(3 + rand() * 9)}"/>`;
      return `<path d="M150 0L60 512H120L210 0ZM330 0L400 512H470L380 0Z" fill="#fff" opacity=".06"/><g fill="none" stroke="${a}" stroke-width="2" opacity=".7">${bub}</g><path d="M0 512V430q20-40 34 0q10-70 26-10q16-50 30 20q14-30 40 0V512ZM512 512V420q-24-50-38 10q-12-40-30 10q-18-30-34 40V512Z" fill="${a}" opacity=".85"/>`;
    }
    case "fog":
      return `<path d="M0 512V300h30v-40h16v40h40l10-30 10 30h40v212ZM512 512V280h-40v-30h-20v30h-50v232Z" fill="#141a26"/><path d="M70 250v-110" stroke="#141a26" stroke-width="6"/><circle cx="70" cy="132" r="12" fill="${a}"/><circle cx="70" cy="132" r="40" fill="${a}" opacity=".18"/><g fill="#dfe7f2" opacity=".12"><ellipse cx="90" cy="420" rx="160" ry="30"/><ellipse cx="430" cy="380" rx="150" ry="26"/><ellipse cx="256" cy="470" rx="260" ry="34"/></g>`;
    case "lighthouse": {
      let rain = "";
      for (let i = 0; i < 34; i++) rain += `M${r0(rand() * 512)} ${r0(rand() * 480)}l-8 24`;
      return `<path d="M418 120L512 70V200Z" fill="${a}" opacity=".3"/><path d="M404 130h28l10 240h-48Z" fill="#0b1411"/><rect x="400" y="108" width="36" height="24" rx="4" fill="${a}"/><path d="M396 108h44l-22-18Z" fill="#0b1411"/><path d="${rain}" stroke="#cfe" stroke-width="1.5" opacity=".25"/><path d="M0 430q40-24 80 0t80 0t80 0t80 0t80 0t80 0t80 0V512H0Z" fill="#0f2a25" opacity=".9"/>`;
    }
    case "deco": {
      let rays = "";
      for (let i = 0; i <= 12; i++) {
        const ang = Math.PI + (Math.PI * i) / 12;
        rays += `M256 300L${r0(256 + 420 * Math.cos(ang))} ${r0(300 + 420 * Math.sin(ang))}`;
      }
      const note = (x: number, y: number) =>
        `<g fill="${a}"><ellipse cx="${x}" cy="${y}" rx="9" ry="7" transform="rotate(-20 ${x} ${y})"/><rect x="${x + 6}" y="${y - 34}" width="3" height="34"/><path d="M${x + 6} ${y - 34}q14 6 16 18q-6-8-16-8Z"/></g>`;
      return `<path d="${rays}" stroke="${a}" stroke-width="2" opacity=".35"/><circle cx="256" cy="300" r="200" fill="none" stroke="${a}" stroke-width="2" opacity=".3"/><circle cx="256" cy="300" r="230" fill="none" stroke="${a}" stroke-width="1" opacity=".25"/>${note(70, 150)}${note(436, 110)}${note(450, 300)}`;
    }
    case "sparkle": {
      let out = "";
      for (const [x, y] of scatter(rand, 14))
        out += sparkle(x, y, r0(6 + rand() * 12), rand() > 0.5 ? "#fff" : a);
      return `<circle cx="256" cy="240" r="210" fill="none" stroke="#fff" stroke-width="3" opacity=".25" stroke-dasharray="4 14"/>${out}`;
    }
    case "sunrise": {
      let lines = "";
      for (let i = 0; i < 9; i++) {
        const y = r0(40 + rand() * 400);
        const x = r0(rand() * 200);
        const side = rand() > 0.5 ? x : 512 - x - 120;
        lines += `M${side} ${y}h${r0(60 + rand() * 60)}`;
      }
      let petals = "";
      for (const [x, y] of scatter(rand, 10))
        petals += `<ellipse cx="${x}" cy="${y}" rx="8" ry="5" transform="rotate(${r0(rand() * 180)} ${x} ${y})"/>`;
      return `<circle cx="256" cy="220" r="190" fill="${a}" opacity=".9"/><path d="${lines}" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".4"/><g fill="#ffd1dc">${petals}</g>`;
    }
    case "castle": {
      const tower = (x: number, h: number) =>
        `<rect x="${x}" y="${512 - h}" width="50" height="${h}"/><path d="M${x - 6} ${512 - h}L${x + 25} ${452 - h}L${x + 56} ${512 - h}Z"/><path d="M${x + 25} ${452 - h}v-30l24 10l-24 10" fill="${a}"/>`;
      return `<g fill="#6f7fb8" opacity=".7">${tower(20, 240)}${tower(440, 200)}<rect x="0" y="380" width="512" height="132"/></g><g fill="#fff" opacity=".8"><ellipse cx="120" cy="80" rx="50" ry="16"/><ellipse cx="400" cy="60" rx="40" ry="13"/></g>`;
    }
    case "pixel": {
      let px = "";
      for (const [x, y] of scatter(rand, 30)) {
        const s = rand() > 0.7 ? 16 : 8;
        px += `<rect x="${x - (x % 16)}" y="${y - (y % 16)}" width="${s}" height="${s}" fill="${rand() > 0.4 ? a : "#fff"}" opacity="${r1(0.3 + rand() * 0.7)}"/>`;
      }
      let grid = "";
      for (let i = 0; i <= 512; i += 32) grid += `M${i} 0V512M0 ${i}H512`;
      return `<path d="${grid}" stroke="${a}" stroke-width="1" opacity=".12"/>${px}`;
    }
    case "atoms": {
      const atom = (x: number, y: number, k: number) =>
        `<g fill="none" stroke="${a}" stroke-width="3" opacity=".7"><ellipse cx="${x}" cy="${y}" rx="${44 * k}" ry="${16 * k}"/><ellipse cx="${x}" cy="${y}" rx="${44 * k}" ry="${16 * k}" transform="rotate(60 ${x} ${y})"/><ellipse cx="${x}" cy="${y}" rx="${44 * k}" ry="${16 * k}" transform="rotate(-60 ${x} ${y})"/></g><circle cx="${x}" cy="${y}" r="${7 * k}" fill="${a}"/>`;
      return `${atom(86, 100, 1.1)}${atom(430, 340, 0.9)}<path d="M380 90h60M380 110h40M400 130h50M40 300h50M50 320h30M60 380l20-20l20 20M30 220q10-20 20 0t20 0" stroke="#fff" stroke-width="3" stroke-linecap="round" fill="none" opacity=".45"/>${stars(rand, 14, "#fff")}`;
    }
    case "kitchen": {
      const tomato = (x: number, y: number) =>
        `<circle cx="${x}" cy="${y}" r="18" fill="#e84a3c"/><path d="M${x - 10} ${y - 16}l10 6l10-6l-4 8h-12Z" fill="#3f9a3a"/>`;
      const steam = "M150 170q-20-30 0-60t0-60M360 170q-20-30 0-60t0-60";
      let check = "";
      for (let x = 0; x < 512; x += 32)
        for (let y = 448; y < 512; y += 32)
          if ((x + y) % 64 === 0) check += `<rect x="${x}" y="${y}" width="32" height="32"/>`;
      return `<path d="M0 60Q256 120 512 60" stroke="${a}" stroke-width="3" fill="none"/>${tomato(60, 90)}${tomato(110, 102)}${tomato(456, 90)}<path d="M410 100v40M402 140c0-10 16-10 16 0v20h-16Z" stroke="#3f9a3a" stroke-width="4" fill="#3f9a3a"/><path d="${steam}" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round" opacity=".2"/><rect y="448" width="512" height="64" fill="#fff" opacity=".85"/><g fill="#d9473b" opacity=".8">${check}</g>`;
    }
    case "cafe": {
      let bulbs = "";
      for (let i = 0; i < 9; i++) {
        const x = 20 + i * 60;
        const y = r0(60 + 22 * Math.sin((i / 8) * Math.PI));
        bulbs += `<circle cx="${x}" cy="${y + 10}" r="16" fill="${a}" opacity=".25"/><circle cx="${x}" cy="${y + 10}" r="6" fill="${a}"/>`;
      }
      let rain = "";
      for (let i = 0; i < 20; i++)
        rain += `M${r0(rand() * 512)} ${r0(110 + rand() * 330)}v${r0(12 + rand() * 18)}`;
      return `<path d="M-10 62Q250 120 522 62" stroke="#1c1530" stroke-width="2" fill="none"/>${bulbs}<path d="${rain}" stroke="#cde" stroke-width="2" stroke-linecap="round" opacity=".3"/>${crescent(440, 170, 26, "#fff3c4")}`;
    }
    case "circuit": {
      let p = "";
      for (let i = 0; i < 12; i++) {
        const left = i % 2 === 0;
        const y = r0(30 + rand() * 440);
        const x0 = left ? 0 : 512;
        const d = left ? 1 : -1;
        const l1 = r0(40 + rand() * 60);
        const l2 = r0(20 + rand() * 40);
        p += `<path d="M${x0} ${y}h${d * l1}l${d * 20} -20h${d * l2}"/><circle cx="${x0 + d * (l1 + 20 + l2)}" cy="${y - 20}" r="5" fill="${a}"/>`;
      }
      return `<g stroke="${a}" stroke-width="3" fill="none" opacity=".6">${p}</g>`;
    }
    case "books": {
      let shelf = "";
      const cols = ["#e8b04b", "#4b7be8", "#e8e0cf", "#4ba37a", "#c04a5b", "#8a5cd6"];
      for (const y0 of [150, 330]) {
        for (const [start, end] of [
          [0, 140],
          [372, 512],
        ] as const) {
          let x = start;
          while (x < end - 14) {
            const w = 14 + r0(rand() * 12);
            const h = 60 + r0(rand() * 40);
            shelf += `<rect x="${x}" y="${y0 - h}" width="${w - 2}" height="${h}" rx="2" fill="${cols[Math.floor(rand() * cols.length)]}"/>`;
            x += w;
          }
        }
        shelf += `<rect y="${y0}" width="512" height="10" fill="${a}"/>`;
      }
      return `${shelf}<path d="M96 470C96 400 150 380 170 360C140 420 140 440 126 470Z" fill="#fff" opacity=".7"/>`;
    }
    case "leaves": {
      let l = "";
      for (const [x, y] of scatter(rand, 14)) {
        const rot = r0(rand() * 360);
        l += `<path d="M0-18C14-10 14 10 0 18C-14 10-14-10 0-18ZM0-16V16" transform="translate(${x} ${y}) rotate(${rot}) scale(${r1(0.8 + rand())})"/>`;
      }
      return `<g fill="${a}" stroke="${shade(a, -0.3)}" stroke-width="1.5">${l}</g>`;
    }
  }
}

// ---------- bust ----------

const HEAD_PATH =
  "M182 226C182 168 214 144 256 144C298 144 330 168 330 226C330 278 300 320 256 322C212 320 182 278 182 226Z";
const SHOULDERS = "M70 512C74 428 146 378 256 374C366 378 438 428 442 512Z";

function hairBack(s: Spec): string {
  const h = s.hair;
  switch (s.hairStyle) {
    case "long":
      return `<path d="M256 120C186 120 158 176 160 250C162 320 150 372 140 410C200 440 312 440 372 410C362 372 350 320 352 250C354 176 326 120 256 120Z" fill="${shade(h, -0.2)}"/>`;
    case "bob":
      return `<path d="M256 122C186 122 158 178 160 250C161 292 164 322 174 340L338 340C348 322 351 292 352 250C354 178 326 122 256 122Z" fill="${shade(h, -0.15)}"/>`;
    case "bigcurly":
      return curls(256, 250, 112, 130, 120, 420, 22, 34, shade(h, -0.15));
    case "curly":
      return curls(256, 220, 84, 84, 160, 380, 14, 24, shade(h, -0.15));
    case "bun":
      return `<circle cx="256" cy="118" r="36" fill="${h}"/><path d="M232 100q24-16 48 0" stroke="${shade(h, -0.25)}" stroke-width="4" fill="none"/>`;
    default:
      return "";
  }
}

function spikes(tipR: number, valleyR: number, n: number): string {
  let d = "M174 252";
  for (let i = 0; i <= n * 2; i++) {
    const ang = ((188 + (164 * i) / (n * 2)) * Math.PI) / 180;
    const r = i % 2 === 0 ? valleyR : tipR;
    d += `L${r0(256 + r * Math.cos(ang))} ${r0(214 + r * Math.sin(ang))}`;
  }
  d += "L338 252L326 206L312 222L300 196L284 216L268 192L252 214L236 192L220 218L206 198L194 222L186 206Z";
  return d;
}

function hairFront(s: Spec): string {
  const h = s.hair;
  const hl = shade(h, 0.25);
  const sweep = `<path d="M176 258C166 166 212 126 258 126C310 126 348 170 336 258C328 214 312 192 292 182C268 206 224 218 194 214C186 226 180 240 176 258Z" fill="${h}"/>`;
  const shine = `<path d="M214 150Q250 134 292 146" stroke="${hl}" stroke-width="6" fill="none" stroke-linecap="round" opacity=".6"/>`;
  switch (s.hairStyle) {
    case "long": {
      const lock = `<path id="lk" d="M178 214C164 290 170 370 150 440C178 446 204 430 212 410C200 350 196 290 200 236Z" fill="${h}"/>`;
      return `${sweep}${lock}<use href="#lk" ${MIRROR}/>${shine}`;
    }
    case "short":
      return `<path d="M178 246C170 166 212 128 258 128C306 128 344 166 334 246C328 214 318 198 306 190C278 202 236 202 206 190C192 204 182 222 178 246Z" fill="${h}"/>${shine}`;
    case "spiky":
      return `<path d="${spikes(112, 86, 7)}" fill="${h}"/>`;
    case "messy":
      return `<path d="${spikes(100, 86, 9)}" fill="${h}"/>${shine}`;
    case "bun":
      return `<path d="M180 240C172 166 212 130 256 130C300 130 340 166 332 240C326 210 312 188 292 178C270 170 242 170 220 178C200 188 186 210 180 240Z" fill="${h}"/><path d="M190 214q-8 40 2 70M322 214q10 40-2 70" stroke="${h}" stroke-width="5" fill="none" stroke-linecap="round"/>${shine}`;
    case "bob":
      return `<path d="M176 248C168 166 210 126 256 126C302 126 344 166 336 248C332 228 328 214 324 204L188 204C184 216 180 230 176 248Z" fill="${h}"/>${shine}`;
    case "curly":
      return `${curls(256, 204, 72, 52, 190, 350, 9, 20, h)}`;
    case "bigcurly":
      return `${curls(256, 200, 80, 58, 180, 360, 10, 24, h)}${curls(256, 250, 96, 120, 150, 200, 3, 22, h)}${curls(256, 250, 96, 120, 340, 390, 3, 22, h)}`;
    case "undercut":
      return `<path d="M184 238C178 176 206 150 234 142L230 196C210 198 196 212 184 238Z" fill="${shade(h, -0.35)}"/><path d="M226 200C220 150 250 112 300 116C346 120 368 170 352 250C344 280 338 300 328 312C332 262 322 228 300 206C280 214 250 212 226 200Z" fill="${h}"/><path d="M262 132Q310 120 340 160" stroke="${hl}" stroke-width="6" fill="none" stroke-linecap="round" opacity=".7"/>`;
    default:
      return "";
  }
}

function eyes(s: Spec): string {
  const lash = shade(s.hair === "#e9e6f5" ? "#5b4f7a" : s.hair, -0.45);
  const eye = `<g id="ey"><ellipse cx="226" cy="250" rx="13" ry="15" fill="#fff"/><circle cx="226" cy="252" r="10" fill="${s.eyes}"/><circle cx="226" cy="253" r="5" fill="#1a1020"/><circle cx="230" cy="247" r="3.2" fill="#fff"/><path d="M210 244Q226 230 242 242" stroke="${lash}" stroke-width="4.5" fill="none" stroke-linecap="round"/></g>`;
  const brow = `<path id="br" d="M210 224Q224 214 240 220" stroke="${shade(s.hair === "#e9e6f5" ? "#8c84a8" : s.hair, -0.2)}" stroke-width="4.5" fill="none" stroke-linecap="round"/>`;
  return `${eye}<use href="#ey" ${MIRROR}/>${brow}<use href="#br" ${MIRROR}/>`;
}

function mouth(m: Mouth): string {
  switch (m) {
    case "smile":
      return '<path d="M238 290Q256 306 274 290" stroke="#8a3646" stroke-width="4" fill="none" stroke-linecap="round"/>';
    case "grin":
      return '<path d="M236 287Q256 316 276 287Z" fill="#7a2436"/><path d="M240 289h32l-3 5h-26Z" fill="#fff"/>';
    case "smirk":
      return '<path d="M242 296Q260 300 274 286" stroke="#8a3646" stroke-width="4" fill="none" stroke-linecap="round"/>';
    case "neutral":
      return '<path d="M244 295Q256 298 268 295" stroke="#7a3a40" stroke-width="4" fill="none" stroke-linecap="round"/>';
  }
}

function clothes(s: Spec): string {
  const o = s.outfit;
  const t = s.trim;
  const base = `<path d="${SHOULDERS}" fill="url(#cl)"/>`;
  switch (s.neck) {
    case "v":
      return `${base}<path d="M226 376L256 424L286 376Z" fill="${shade(s.skin, -0.12)}"/><path d="M222 376L256 430L290 376" stroke="${t}" stroke-width="6" fill="none"/>`;
    case "crew":
      return `${base}<path d="M222 378Q256 404 290 378" stroke="${t}" stroke-width="8" fill="none"/>`;
    case "collar":
      return `${base}<path d="M232 372L214 412L256 392L298 412L280 372Z" fill="${t}"/>`;
    case "coat":
      return `${base}<path d="M230 374L256 512L282 374Z" fill="${t}"/><path d="M226 372L200 420L240 440L256 512Z M286 372L312 420L272 440L256 512Z" fill="${shade(o, -0.25)}"/><path d="M244 386L256 404L268 386Z" fill="#f3efe6"/>`;
    case "gakuran":
      return `${base}<path d="M232 374L256 512L280 374Z" fill="${t}"/><path d="M228 372L246 512M284 372L266 512" stroke="${shade(o, 0.25)}" stroke-width="4"/><rect x="228" y="362" width="56" height="16" rx="4" fill="${shade(o, -0.2)}"/>`;
    case "apron":
      return `${base}<path d="M196 512V430Q256 414 316 430V512Z" fill="${t}"/><path d="M200 430L214 386M312 430L298 386" stroke="${t}" stroke-width="8"/><path d="M228 376L256 410L284 376Z" fill="${shade(s.skin, -0.12)}"/>`;
    case "chef":
      return `${base}<path d="M226 374L256 420L286 374Z" fill="${shade(o, -0.12)}"/><g fill="${t}"><circle cx="232" cy="446" r="6"/><circle cx="232" cy="478" r="6"/><circle cx="280" cy="446" r="6"/><circle cx="280" cy="478" r="6"/></g><path d="M222 374Q256 392 290 374" stroke="${t}" stroke-width="6" fill="none"/>`;
    case "gown":
      return `<path d="${SHOULDERS}" fill="${shade(s.skin, -0.1)}"/><path d="M92 512C100 470 140 448 190 450Q256 476 322 450C372 448 412 470 420 512Z" fill="url(#cl)"/><g fill="${t}">${[150, 200, 250, 300, 350, 180, 230, 280, 330].map((x, i) => `<circle cx="${x}" cy="${i < 5 ? 488 : 500}" r="2.5"/>`).join("")}</g>`;
    case "armor":
      return `<path d="M60 512C70 420 140 376 256 372C372 376 442 420 452 512Z" fill="${t}"/><path d="M110 512C120 440 170 404 256 400C342 404 392 440 402 512Z" fill="url(#cl)"/><path d="M256 400V512M150 450Q256 420 362 450" stroke="${shade(o, -0.25)}" stroke-width="4" fill="none"/><circle cx="256" cy="460" r="18" fill="${t}"/>`;
    case "cloak":
      return `<path d="M50 512C60 420 140 360 256 356C372 360 452 420 462 512Z" fill="url(#cl)"/><path d="M180 400Q256 440 332 400M150 470Q256 500 362 470" stroke="${shade(o, -0.3)}" stroke-width="4" fill="none"/>`;
  }
}

function extras(s: Spec): string {
  const ex = new Set(s.extras ?? []);
  let out = "";
  if (ex.has("freckles"))
    out += `<g fill="${shade(s.skin, -0.3)}" opacity=".6"><circle cx="206" cy="274" r="2"/><circle cx="214" cy="280" r="2"/><circle cx="200" cy="282" r="2"/><circle cx="306" cy="274" r="2"/><circle cx="298" cy="280" r="2"/><circle cx="312" cy="282" r="2"/></g>`;
  if (ex.has("scar"))
    out += '<path d="M288 206L298 236" stroke="#c98a7a" stroke-width="3" stroke-linecap="round"/>';
  if (ex.has("beard"))
    out += `<path d="M184 246C186 300 214 338 256 340C298 338 326 300 328 246C318 290 296 300 280 302Q256 292 232 302C216 300 194 290 184 246Z" fill="${s.hair}"/>`;
  if (ex.has("mustache"))
    out += `<path d="M256 280C240 272 222 276 214 292C228 284 244 292 256 288C268 292 284 284 298 292C290 276 272 272 256 280Z" fill="${s.hair}"/>`;
  if (ex.has("greyTemples"))
    out += '<path d="M180 244q-2-30 8-44M332 244q2-30-8-44" stroke="#c9ccd6" stroke-width="7" fill="none"/>';
  if (ex.has("streak"))
    out += '<path d="M236 136Q218 150 206 186" stroke="#dcdfe8" stroke-width="8" fill="none"/>';
  if (ex.has("implant"))
    out +=
      '<path d="M306 292L320 276M300 304L326 290" stroke="#c8d6e6" stroke-width="4" stroke-linecap="round"/><circle cx="322" cy="268" r="4" fill="#4ff"/>';
  if (ex.has("noseRing"))
    out += '<path d="M262 276a5 5 0 1 1-6 4" stroke="#e4c46a" stroke-width="2.5" fill="none"/>';
  if (ex.has("crescents")) out += `${crescent(186, 294, 9, "#e9e3ff")}${crescent(330, 294, 9, "#e9e3ff")}`;
  if (ex.has("earrings"))
    out +=
      '<g fill="#f2c94c"><circle cx="184" cy="290" r="6"/><circle cx="328" cy="290" r="6"/><path d="M184 296l-5 14h10ZM328 296l-5 14h10Z"/></g>';
  if (ex.has("pearls"))
    out += `<g fill="#fbf6ea">${[0, 1, 2, 3, 4, 5, 6, 7, 8].map((i) => `<circle cx="${220 + i * 9}" cy="${r0(382 + 14 * Math.sin((i / 8) * Math.PI))}" r="4.5"/>`).join("")}</g>`;
  if (ex.has("scarf"))
    out += `<path d="M214 360Q256 390 298 360L304 384Q256 414 208 384Z" fill="${s.trim}"/><path d="M270 396l10 60l20-4l-8-62Z" fill="${shade(s.trim, -0.15)}"/>`;
  if (ex.has("tie")) out += '<path d="M250 392h12l6 14l-12 60l-12-60Z" fill="#d6336c"/>';
  if (ex.has("glasses"))
    out +=
      '<g stroke="#6b3f1d" stroke-width="4.5" fill="#fff" fill-opacity=".12"><circle cx="226" cy="252" r="22"/><circle cx="286" cy="252" r="22"/></g><path d="M248 250q8-6 16 0M204 248l-20-4M308 248l20-4" stroke="#6b3f1d" stroke-width="4" fill="none"/>';
  if (ex.has("shades"))
    out +=
      '<defs><linearGradient id="sh" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4ff0ff"/><stop offset=".5" stop-color="#1b1035"/><stop offset="1" stop-color="#ff4fd8"/></linearGradient></defs><path d="M196 236h120q4 0 2 10l-6 18q-4 10-16 10h-14q-12 0-16-12l-4-8h-8l-4 8q-4 12-16 12h-14q-12 0-16-10l-6-18q-2-10 2-10Z" fill="url(#sh)" stroke="#111" stroke-width="3"/>';
  if (ex.has("goggles"))
    out +=
      '<path d="M178 196Q256 170 334 196" stroke="#2d3b45" stroke-width="12" fill="none"/><g fill="#7fe7ff" stroke="#f2a93b" stroke-width="5"><circle cx="230" cy="182" r="18"/><circle cx="282" cy="182" r="18"/></g><circle cx="224" cy="176" r="5" fill="#fff"/><circle cx="276" cy="176" r="5" fill="#fff"/>';
  if (ex.has("headband"))
    out += `<path d="M178 206Q256 180 334 206L332 222Q256 198 180 222Z" fill="${s.trim}"/><path d="M330 212q40-4 60 26q-30-10-52-6M330 216q30 20 34 56q-14-28-36-40" fill="${s.trim}"/>`;
  if (ex.has("circlet"))
    out += `<path d="M186 206Q256 176 326 206" stroke="#e9e3ff" stroke-width="3" fill="none"/>${sparkle(256, 190, 10, "#bfe6ff")}`;
  if (ex.has("featherBand"))
    out += `<path d="M178 204Q256 176 334 204" stroke="${s.trim}" stroke-width="8" fill="none"/><circle cx="310" cy="194" r="9" fill="#fff6c9"/><path d="M312 190C330 150 360 120 380 110C372 140 344 170 316 190Z" fill="#f3eadb"/><path d="M314 188L376 116" stroke="#c9b48a" stroke-width="2"/>`;
  if (ex.has("waves"))
    out += `<path d="M194 176q20-12 34 0t34 0t34 0M186 196q20-12 34 0" stroke="${shade(s.hair, 0.3)}" stroke-width="4" fill="none"/>`;
  if (ex.has("starClip"))
    out += `${sparkle(318, 178, 16, "#ffe066")}<circle cx="318" cy="178" r="4" fill="#fff"/>`;
  if (ex.has("pencil"))
    out +=
      '<path d="M216 94L300 134" stroke="#f2c94c" stroke-width="8"/><path d="M300 134l12 6l-14 0Z" fill="#4a3b2a"/>';
  if (ex.has("tricorn"))
    out += `<path d="M146 178C190 156 220 96 256 96C292 96 322 156 366 178C326 190 296 170 256 172C216 170 186 190 146 178Z" fill="#3a2418" stroke="${s.trim}" stroke-width="5"/><path d="M300 126C330 86 370 70 396 70C380 100 340 124 300 132Z" fill="#e65a5a"/>`;
  if (ex.has("topHat"))
    out +=
      '<rect x="198" y="58" width="116" height="96" rx="6" fill="#1c1b22"/><rect x="198" y="128" width="116" height="16" fill="#5a2a36"/><ellipse cx="256" cy="154" rx="100" ry="16" fill="#1c1b22"/>';
  if (ex.has("chefHat"))
    out +=
      '<g fill="#fff"><circle cx="214" cy="108" r="34"/><circle cx="256" cy="90" r="40"/><circle cx="298" cy="108" r="34"/><rect x="200" y="110" width="112" height="54" rx="6"/></g><path d="M204 148h104" stroke="#dde2ea" stroke-width="4"/>';
  if (ex.has("beanie"))
    out += `<path d="M174 200C172 134 210 104 256 104C302 104 340 134 338 200Z" fill="${s.trim}"/><rect x="168" y="180" width="176" height="32" rx="14" fill="${shade(s.trim, -0.15)}"/><path d="M196 186v22M216 186v22M236 186v22M256 186v22M276 186v22M296 186v22M316 186v22" stroke="${shade(s.trim, -0.3)}" stroke-width="3"/>`;
  if (ex.has("headphones"))
    out += `<path d="M170 250C164 150 210 112 256 112C302 112 348 150 342 250" stroke="#1e1e28" stroke-width="12" fill="none"/><rect x="156" y="226" width="34" height="56" rx="14" fill="${s.trim}"/><rect x="322" y="226" width="34" height="56" rx="14" fill="${s.trim}"/>`;
  return out;
}

function ears(s: Spec): string {
  const sk = s.skin;
  if (s.extras?.includes("elfEars"))
    return `<path id="ea" d="M190 236L138 186Q150 240 188 278Z" fill="${sk}"/><use href="#ea" ${MIRROR}/>`;
  return `<ellipse id="ea" cx="184" cy="254" rx="11" ry="18" fill="${sk}"/><use href="#ea" ${MIRROR}/>`;
}

function humanBust(s: Spec): string {
  const sk = s.skin;
  return [
    hairBack(s),
    `<path d="M230 280L230 372Q256 388 282 372L282 280Z" fill="${shade(sk, -0.15)}"/>`,
    `<g transform="translate(0 -14)">${clothes(s)}</g>`,
    ears(s),
    `<path d="${HEAD_PATH}" fill="url(#sk)"/>`,
    '<g fill="#ff7a9a" opacity=".28"><ellipse cx="206" cy="282" rx="13" ry="7"/><ellipse cx="306" cy="282" rx="13" ry="7"/></g>',
    eyes(s),
    `<path d="M256 258Q251 272 259 276" stroke="${shade(sk, -0.28)}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
    mouth(s.mouth),
    hairFront(s),
    extras(s),
  ].join("");
}

function robotBust(s: Spec): string {
  const a = s.accent;
  return [
    `<path d="${SHOULDERS}" fill="url(#cl)"/><path d="M150 440h212M180 470h152" stroke="${a}" stroke-width="3" opacity=".6"/><circle cx="256" cy="440" r="14" fill="${a}"/>`,
    `<g fill="${shade(s.skin, -0.3)}"><rect x="232" y="300" width="48" height="14" rx="6"/><rect x="232" y="320" width="48" height="14" rx="6"/><rect x="232" y="340" width="48" height="14" rx="6"/><rect x="232" y="360" width="48" height="14" rx="6"/></g>`,
    `<path d="M256 150V108" stroke="${shade(s.skin, -0.2)}" stroke-width="6"/><circle cx="256" cy="102" r="10" fill="${a}"/><circle cx="256" cy="102" r="22" fill="${a}" opacity=".25"/>`,
    `<rect x="172" y="186" width="24" height="64" rx="10" fill="${shade(s.skin, -0.25)}"/><rect x="316" y="186" width="24" height="64" rx="10" fill="${shade(s.skin, -0.25)}"/>`,
    '<rect x="184" y="146" width="144" height="166" rx="58" fill="url(#sk)"/>',
    '<rect x="196" y="222" width="120" height="42" rx="21" fill="#0a1626"/>',
    `<rect x="210" y="232" width="34" height="22" rx="11" fill="${a}"/><rect x="268" y="232" width="34" height="22" rx="11" fill="${a}"/><rect x="196" y="222" width="120" height="42" rx="21" fill="${a}" opacity=".15"/>`,
    `<path d="M236 286h40" stroke="${a}" stroke-width="5" stroke-linecap="round" stroke-dasharray="6 6"/><path d="M206 172Q256 156 306 172" stroke="#fff" stroke-width="5" fill="none" opacity=".5" stroke-linecap="round"/>`,
  ].join("");
}

function catBust(s: Spec): string {
  const f = s.skin;
  const d = shade(f, -0.3);
  return [
    `<path d="M40 512C60 430 120 380 256 376C392 380 452 430 472 512Z" fill="${s.trim}"/>`,
    clothes(s),
    `<ellipse cx="256" cy="254" rx="92" ry="80" fill="url(#sk)"/>`,
    `<path d="M236 186l6 24M256 180v26M276 186l-6 24M168 250l24 4M170 270l22-2M344 250l-24 4M342 270l-22-2" stroke="${d}" stroke-width="6" stroke-linecap="round"/>`,
    '<path d="M164 210C166 130 210 112 256 112C302 112 346 130 348 210C300 196 212 196 164 210Z" fill="#c6ccd8" stroke="#8d95a8" stroke-width="4"/><path d="M256 112V198" stroke="#8d95a8" stroke-width="4"/>',
    '<path d="M256 114C250 80 266 56 292 44C286 74 276 96 262 116Z" fill="#e24a4a"/>',
    `<path d="M168 196L160 96L228 142ZM344 196L352 96L284 142Z" fill="${f}" stroke="#8d95a8" stroke-width="3"/><path d="M176 170L172 120L210 146ZM336 170L340 120L302 146Z" fill="#f2a7b8"/>`,
    `<g id="ce"><ellipse cx="222" cy="250" rx="18" ry="20" fill="${s.eyes}"/><ellipse cx="222" cy="252" rx="6" ry="14" fill="#1a1020"/><circle cx="228" cy="244" r="4.5" fill="#fff"/></g><use href="#ce" ${MIRROR}/>`,
    '<path d="M248 280h16l-8 9Z" fill="#f08aa0"/><path d="M256 289q-8 12-18 4M256 289q8 12 18 4" stroke="#4a3b45" stroke-width="3" fill="none" stroke-linecap="round"/>',
    '<path d="M236 290L160 282M236 296L162 304M276 290L352 282M276 296L350 304" stroke="#fff" stroke-width="2" opacity=".8"/>',
  ].join("");
}

function cubeBust(s: Spec): string {
  const a = s.accent;
  const top = shade(a, 0.35);
  const side = shade(a, -0.35);
  return [
    `<ellipse cx="256" cy="470" rx="120" ry="18" fill="${a}" opacity=".25"/>`,
    `<circle cx="256" cy="270" r="170" fill="${a}" opacity=".12"/>`,
    `<path d="M256 120L386 180L256 240L126 180Z" fill="${top}"/>`,
    `<path d="M126 180L256 240V410L126 350Z" fill="${a}"/>`,
    `<path d="M386 180L256 240V410L386 350Z" fill="${side}"/>`,
    '<g fill="#0b2012"><rect x="154" y="246" width="18" height="26"/><rect x="206" y="270" width="18" height="26"/></g>',
    '<path d="M156 300l8 4v8l40 18l8-4v-8l8 4v10l-10 6l-50-22l-12-6Z" fill="#0b2012"/>',
    '<g fill="#fff" opacity=".9"><rect x="304" y="262" width="14" height="14"/><rect x="330" y="250" width="14" height="14"/><rect x="330" y="276" width="14" height="14"/><rect x="356" y="264" width="14" height="14"/></g>',
    `${sparkle(256, 150, 12, "#fff")}`,
  ].join("");
}

function hoodBust(s: Spec): string {
  const o = s.outfit;
  const a = s.accent;
  return [
    clothes(s),
    `<path d="M256 110C170 110 140 190 146 270C150 330 160 370 176 400L336 400C352 370 362 330 366 270C372 190 342 110 256 110Z" fill="${shade(o, 0.08)}"/>`,
    '<path d="M256 150C204 150 186 210 190 260C194 310 220 344 256 348C292 344 318 310 322 260C326 210 308 150 256 150Z" fill="#070c0b"/>',
    `<path d="M256 110C210 130 196 170 200 190C220 160 240 154 256 154" fill="${shade(o, -0.2)}"/>`,
    `<g fill="${a}"><circle cx="232" cy="252" r="16" opacity=".22"/><circle cx="280" cy="252" r="16" opacity=".22"/><circle cx="232" cy="252" r="6"/><circle cx="280" cy="252" r="6"/></g>`,
    `<path d="M176 400C200 380 230 376 256 380C282 376 312 380 336 400" stroke="${shade(o, -0.3)}" stroke-width="4" fill="none"/>`,
    `<circle cx="372" cy="440" r="64" fill="${a}" opacity=".18"/><path d="M372 380v18" stroke="#1b2420" stroke-width="4"/><path d="M348 400h48l-6 12h-36Z" fill="#1b2420"/><rect x="352" y="412" width="40" height="52" rx="6" fill="${a}" opacity=".85" stroke="#1b2420" stroke-width="5"/><path d="M372 426c-8 10-6 22 0 26c6-4 8-16 0-26Z" fill="#f4fff9"/><path d="M346 464h52l-6 10h-40Z" fill="#1b2420"/>`,
  ].join("");
}

function render(s: Spec): string {
  const rand = rng(s.file);
  const head = s.head ?? "human";
  const defs = `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s.bg[0]}"/><stop offset=".55" stop-color="${s.bg[1]}"/><stop offset="1" stop-color="${s.bg[2]}"/></linearGradient><radialGradient id="gl" cx=".5" cy=".45" r=".5"><stop offset="0" stop-color="#fff" stop-opacity=".28"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient><linearGradient id="sk" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(s.skin, 0.08)}"/><stop offset="1" stop-color="${shade(s.skin, -0.08)}"/></linearGradient><linearGradient id="cl" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${shade(s.outfit, 0.12)}"/><stop offset="1" stop-color="${shade(s.outfit, -0.2)}"/></linearGradient></defs>`;
  const bust =
    head === "robot"
      ? robotBust(s)
      : head === "cat"
        ? catBust(s)
        : head === "cube"
          ? cubeBust(s)
          : head === "hood"
            ? hoodBust(s)
            : humanBust(s);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">${defs}<rect width="512" height="512" fill="url(#bg)"/>${scene(s, rand)}<circle cx="256" cy="250" r="200" fill="url(#gl)"/><g transform="translate(-46 -54) scale(1.18)">${bust}</g></svg>\n`;
}

// ---------- the cast ----------

const SPECS: Spec[] = [
  // creators
  {
    file: "creator-lunawrites.svg",
    bg: ["#1b1248", "#3d2a7a", "#7a4fb0"],
    scene: "night",
    accent: "#ffe9a8",
    skin: "#f3d2c1",
    hair: "#2b1a3f",
    hairStyle: "long",
    eyes: "#7b5cd6",
    outfit: "#c2477e",
    trim: "#ffd1e3",
    neck: "v",
    mouth: "smile",
    extras: ["earrings"],
  },
  {
    file: "creator-neonrelic.svg",
    bg: ["#041c24", "#0a3a46", "#0f6a6e"],
    scene: "circuit",
    accent: "#39f3d1",
    skin: "#7a4a2e",
    hair: "#141014",
    hairStyle: "short",
    eyes: "#3a2516",
    outfit: "#1f2a3a",
    trim: "#39f3d1",
    neck: "crew",
    mouth: "grin",
    extras: ["beard"],
  },
  {
    file: "creator-quillandcandle.svg",
    bg: ["#2a0e14", "#4e1a26", "#7a2e36"],
    scene: "books",
    accent: "#6b3f24",
    skin: "#f6dccb",
    hair: "#c2462a",
    hairStyle: "bob",
    eyes: "#2f7a56",
    outfit: "#2c3a2e",
    trim: "#efe4cf",
    neck: "collar",
    mouth: "smirk",
    extras: ["glasses", "freckles"],
  },
  {
    file: "creator-pixelpanda.svg",
    bg: ["#ff9a3c", "#ff5e62", "#c2306c"],
    scene: "pixel",
    accent: "#fff3a0",
    skin: "#f1c7a1",
    hair: "#1b1b26",
    hairStyle: "messy",
    eyes: "#3b2a1e",
    outfit: "#2b2d42",
    trim: "#ffcf3f",
    neck: "crew",
    mouth: "grin",
    extras: ["headphones"],
  },
  {
    file: "creator-kindly-theo.svg",
    bg: ["#d9f2c4", "#8fcf8a", "#3f8f6b"],
    scene: "leaves",
    accent: "#5fae4e",
    skin: "#e2b48c",
    hair: "#5a3a22",
    hairStyle: "curly",
    eyes: "#4a7a3a",
    outfit: "#f1e3c6",
    trim: "#c77b3b",
    neck: "v",
    mouth: "smile",
    extras: ["beard"],
  },
  // characters
  {
    file: "char-aria-moonwhisper.svg",
    bg: ["#0b1033", "#2c2466", "#5b3c8f"],
    scene: "night",
    accent: "#f3efff",
    skin: "#f7e3e8",
    hair: "#e9e6f5",
    hairStyle: "long",
    eyes: "#9b6bff",
    outfit: "#3b3f9a",
    trim: "#c9b8ff",
    neck: "v",
    mouth: "smile",
    extras: ["elfEars", "crescents", "circlet"],
  },
  {
    file: "char-ines-marlowe.svg",
    bg: ["#7cc7f2", "#b9e2f7", "#f7d9a8"],
    scene: "sky",
    accent: "#ffd45a",
    skin: "#d39a6e",
    hair: "#a1401f",
    hairStyle: "bigcurly",
    eyes: "#3e6b3a",
    outfit: "#8a2630",
    trim: "#e8b64a",
    neck: "coat",
    mouth: "grin",
    extras: ["tricorn", "scar"],
  },
  {
    file: "char-rowan-ashcroft.svg",
    bg: ["#ffd9c2", "#ffc2b0", "#f49a8f"],
    scene: "flowers",
    accent: "#ffe14d",
    skin: "#f4d0b5",
    hair: "#7a4424",
    hairStyle: "messy",
    eyes: "#8a6a2a",
    outfit: "#f3ede2",
    trim: "#3f7d4e",
    neck: "apron",
    mouth: "smile",
    extras: ["freckles"],
  },
  {
    file: "char-kestrel-7.svg",
    bg: ["#020617", "#0b1f3a", "#16325c"],
    scene: "space",
    accent: "#38e1ff",
    head: "robot",
    skin: "#d7e0ea",
    hair: "#000000",
    hairStyle: "none",
    eyes: "#38e1ff",
    outfit: "#3a4a60",
    trim: "#38e1ff",
    neck: "crew",
    mouth: "neutral",
  },
  {
    file: "char-vex-nakamura.svg",
    bg: ["#12062e", "#3b0f5c", "#d6247f"],
    scene: "city",
    accent: "#36f1ff",
    skin: "#f0c9a8",
    hair: "#1fd6c4",
    hairStyle: "undercut",
    eyes: "#222",
    outfit: "#262233",
    trim: "#ff4fd8",
    neck: "coat",
    mouth: "smirk",
    extras: ["shades", "implant"],
  },
  {
    file: "char-elara-quinn.svg",
    bg: ["#0a3d62", "#06284a", "#021326"],
    scene: "ocean",
    accent: "#3df0c2",
    skin: "#6b3e26",
    hair: "#1a100c",
    hairStyle: "curly",
    eyes: "#5a3a22",
    outfit: "#f08a24",
    trim: "#2d3b45",
    neck: "crew",
    mouth: "grin",
    extras: ["goggles"],
  },
  {
    file: "char-silas-thorne.svg",
    bg: ["#2b3446", "#4a5670", "#7d8aa3"],
    scene: "fog",
    accent: "#ffd27a",
    skin: "#ead2bf",
    hair: "#1d1a1c",
    hairStyle: "short",
    eyes: "#7c8a96",
    outfit: "#34343e",
    trim: "#d8d2c4",
    neck: "coat",
    mouth: "neutral",
    extras: ["topHat", "beard", "greyTemples"],
  },
  {
    file: "char-lantern-keeper.svg",
    bg: ["#050b0a", "#0f2420", "#1d3f38"],
    scene: "lighthouse",
    accent: "#7dffb7",
    head: "hood",
    skin: "#333333",
    hair: "#000000",
    hairStyle: "none",
    eyes: "#7dffb7",
    outfit: "#4d5a57",
    trim: "#2a3230",
    neck: "cloak",
    mouth: "neutral",
  },
  {
    file: "char-josephine-laurent.svg",
    bg: ["#0b1230", "#1a2558", "#3a2a6a"],
    scene: "deco",
    accent: "#e7c36a",
    skin: "#6e3f2a",
    hair: "#120c10",
    hairStyle: "bob",
    eyes: "#4a2a1a",
    outfit: "#1c2f8a",
    trim: "#e7c36a",
    neck: "gown",
    mouth: "smile",
    extras: ["waves", "featherBand", "pearls", "earrings"],
  },
  {
    file: "char-hana-kisaragi.svg",
    bg: ["#ffb3d9", "#d59cff", "#8a7dff"],
    scene: "sparkle",
    accent: "#fff06a",
    skin: "#fbe0d6",
    hair: "#ff6fb5",
    hairStyle: "bun",
    eyes: "#d6336c",
    outfit: "#3b3f5c",
    trim: "#ffffff",
    neck: "collar",
    mouth: "neutral",
    extras: ["starClip", "tie"],
  },
  {
    file: "char-kaito-ren.svg",
    bg: ["#ffcf7a", "#ff8a5c", "#d9434f"],
    scene: "sunrise",
    accent: "#fff1c9",
    skin: "#f2cfb0",
    hair: "#1c2a5e",
    hairStyle: "spiky",
    eyes: "#6f7b8a",
    outfit: "#1b1d2e",
    trim: "#e02e3a",
    neck: "gakuran",
    mouth: "smirk",
    extras: ["headband"],
  },
  {
    file: "char-sir-reginald.svg",
    bg: ["#a8d8ff", "#cfe6ff", "#e9f3ff"],
    scene: "castle",
    accent: "#e24a4a",
    head: "cat",
    skin: "#a9afbd",
    hair: "#6d7384",
    hairStyle: "none",
    eyes: "#f2b33d",
    outfit: "#b8c2d6",
    trim: "#2f5fd0",
    neck: "armor",
    mouth: "smile",
  },
  {
    file: "char-bit-dungeon-master.svg",
    bg: ["#07130b", "#0b2414", "#103a20"],
    scene: "pixel",
    accent: "#4dff7c",
    head: "cube",
    skin: "#4dff7c",
    hair: "#000000",
    hairStyle: "none",
    eyes: "#000000",
    outfit: "#4dff7c",
    trim: "#4dff7c",
    neck: "crew",
    mouth: "grin",
  },
  {
    file: "char-ada-finch.svg",
    bg: ["#0f3b3a", "#17605a", "#2a8a7a"],
    scene: "atoms",
    accent: "#ffe08a",
    skin: "#f5d7c4",
    hair: "#9c4a2a",
    hairStyle: "bun",
    eyes: "#4a6a8a",
    outfit: "#b0876a",
    trim: "#2ec4b6",
    neck: "v",
    mouth: "smile",
    extras: ["glasses", "pencil", "scarf", "streak"],
  },
  {
    file: "char-marco-bellini.svg",
    bg: ["#ffe0b8", "#ffb88a", "#e7774f"],
    scene: "kitchen",
    accent: "#6a8f3a",
    skin: "#e8b894",
    hair: "#6d6a6a",
    hairStyle: "short",
    eyes: "#4a3222",
    outfit: "#ffffff",
    trim: "#c0392b",
    neck: "chef",
    mouth: "grin",
    extras: ["chefHat", "mustache"],
  },
  {
    file: "char-juniper-hale.svg",
    bg: ["#1d1838", "#3a2e5e", "#6a4a7a"],
    scene: "cafe",
    accent: "#ffc86b",
    skin: "#f1d3bd",
    hair: "#7fe0c0",
    hairStyle: "bob",
    eyes: "#6b4a2e",
    outfit: "#d9a24a",
    trim: "#e0a83a",
    neck: "v",
    mouth: "smile",
    extras: ["beanie", "noseRing", "freckles"],
  },
];

const outDir = fileURLToPath(new URL("../assets/avatars/", import.meta.url));
mkdirSync(outDir, { recursive: true });
for (const spec of SPECS) {
  const svg = render(spec);
  writeFileSync(`${outDir}${spec.file}`, svg);
  console.log(`${spec.file}\t${svg.length} bytes`);
}
