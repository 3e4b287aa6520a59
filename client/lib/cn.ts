import { clsx, type ClassValue } from 'clsx';

/*
 * A small stand-in for tailwind-merge (which weighs 8.5 KB gzip, too much for the first script).
 * Classes are joined as clsx does; then, of two utilities that set the same thing under the same variants, the
 * later one wins, so `<Card className="bg-wood-50">` replaces the card's own `bg-white`. It knows the utility
 * families this app uses; an unknown class is always kept. cn.test.ts checks it against tailwind-merge on every
 * pair of classes written in client/, so a new family that it does not resolve like tailwind-merge fails there.
 */

/** Families that a later class of the key's family also replaces (as tailwind-merge's conflictingClassGroups). */
const CONFLICTS: Record<string, string[]> = {};
for (const rule of [
  'p px py pt pr pb pl',
  'px pr pl',
  'py pt pb',
  'm mx my mt mr mb ml',
  'mx mr ml',
  'my mt mb',
  'gap gap-x gap-y',
  'overflow overflow-x overflow-y',
  'inset inset-x inset-y top right bottom left',
  'size w h',
  'flex grow shrink basis',
  'font-size leading',
  'line-clamp display overflow',
  'border-w border-w-x border-w-y border-w-t border-w-r border-w-b border-w-l',
  'translate translate-x translate-y',
  'rounded rounded-t rounded-r rounded-b rounded-l',
  'scroll-m scroll-mx scroll-my scroll-mt scroll-mr scroll-mb scroll-ml',
  'scroll-mx scroll-mr scroll-ml',
  'scroll-my scroll-mt scroll-mb',
]) {
  const [family = '', ...others] = rule.split(' ');
  CONFLICTS[family] = others;
}

/** Whole-word utilities and their family. */
const WORDS: Record<string, string> = {};
for (const rule of [
  'display block inline-block inline flex inline-flex grid inline-grid contents table hidden',
  'position static fixed absolute relative sticky',
  'visibility visible invisible collapse',
  'sr sr-only not-sr-only',
  'text-decoration underline overline line-through no-underline',
  'text-transform uppercase lowercase capitalize normal-case',
  'text-overflow truncate',
  'font-style italic not-italic',
  'border-w border',
  'outline-w outline',
  'ring-w ring',
  'shadow shadow',
  'rounded rounded',
  'transition transition',
]) {
  const [family = '', ...words] = rule.split(' ');
  for (const word of words) WORDS[word] = family;
}

/** Utilities named `<family>-<value>`; gap, overflow, inset and translate also take an axis (`gap-x-2`). */
const PLAIN = new Set(
  'p px py pt pr pb pl m mx my mt mr mb ml w h size top right bottom left z order opacity cursor leading tracking whitespace aspect rotate accent basis grow shrink fill stroke from via to transition rounded shadow bg'.split(
    ' ',
  ),
);
const AXES = /^(gap|overflow|inset|translate)$/;
const SIDED = /^(divide|border)-([xytrbl])(-\d+)?$/;
/** `rounded-t-xl`, `rounded-b`: one side's corners (a later `rounded-*` replaces them, not the reverse). */
const ROUNDED_SIDE = /^rounded-([trbl])(-[a-z0-9]+)?$/;
/** A width after a utility's name: a bare number or an arbitrary length. */
const WIDTH = /^(\d+|\[\d.*\])$/;

/**
 * The family of a utility (its variants removed), or undefined when cn does not know it. Only the families this
 * app writes are here; cn.test.ts fails on a class that tailwind-merge knows and this does not.
 */
function familyOf(utility: string): string | undefined {
  const u = utility.replace(/^-/, '');
  if (WORDS[u]) return WORDS[u];
  const corner = ROUNDED_SIDE.exec(u);
  if (corner) return `rounded-${corner[1]}`;
  const side = SIDED.exec(u);
  if (side) return `${side[1]}-w-${side[2]}`;
  const dash = u.indexOf('-');
  const head = u.slice(0, dash);
  const rest = u.slice(dash + 1);
  if (dash < 0) return undefined;
  if (PLAIN.has(head)) return head;
  if (AXES.test(head)) return /^[xy]-/.test(rest) ? `${head}-${rest[0]}` : head;
  switch (head) {
    case 'decoration':
      if (/^(solid|double|dotted|dashed|wavy)$/.test(rest)) return 'decoration-style';
      return /^(auto|from-font|\d+|\[\d.*\])$/.test(rest) ? 'decoration-thickness' : 'decoration-color';
    case 'scroll':
      if (/^(auto|smooth)$/.test(rest)) return 'scroll-behavior';
      return /^[mp][xytrbl]?-/.test(rest) ? `scroll-${rest.replace(/-.*/, '')}` : undefined;
    case 'space':
      return /^[xy]-/.test(rest) ? `space-${rest[0]}` : undefined;
    case 'break':
      return /^(normal|words|all|keep)$/.test(rest) ? 'word-break' : undefined;
    case 'animate':
      // Tailwind's own animations; the app's custom ones (animate-dialog-in …) stand alone, as in tailwind-merge.
      return /^(spin|ping|pulse|bounce|none)$/.test(rest) ? 'animate' : undefined;
    case 'min':
    case 'max':
      return /^[wh]-/.test(rest) ? `${head}-${rest[0]}` : undefined;
    case 'object':
      return /^(contain|cover|fill|none|scale-down)$/.test(rest) ? 'object-fit' : 'object-position';
    case 'pointer':
    case 'line':
    case 'underline':
    case 'backdrop':
    case 'grid':
    case 'col':
      return `${head}-${rest.replace(/-.*/, '')}`;
    case 'flex':
      if (/^(row|col)/.test(rest)) return 'flex-direction';
      return /wrap/.test(rest) ? 'flex-wrap' : 'flex';
    case 'justify':
      if (/^self-/.test(rest)) return 'justify-self';
      return /^items-/.test(rest) ? 'justify-items' : 'justify-content';
    case 'content':
      return /^(start|end|center|between|around|evenly|stretch)$/.test(rest) ? 'align-content' : undefined;
    case 'items':
    case 'self':
      return `align-${head}`;
    case 'font':
      return /^(sans|serif|mono)$/.test(rest) ? 'font-family' : 'font-weight';
    case 'text':
      if (/^(xs|sm|base|lg|[2-9]?xl)$/.test(rest)) return 'font-size';
      return /^(left|center|right|justify)$/.test(rest) ? 'text-align' : 'text-color';
    case 'border':
      if (/^(solid|dashed|dotted|double|none)$/.test(rest)) return 'border-style';
      // Table layout, not a border of the element: its own group.
      if (/^(collapse|separate)$/.test(rest)) return 'border-collapse';
      return WIDTH.test(rest) ? 'border-w' : 'border-color';
    case 'list':
      return /^(inside|outside)$/.test(rest) ? 'list-position' : 'list-style-type';
    case 'divide':
    case 'ring':
    case 'outline':
      if (rest === 'none') return `${head}-style`;
      if (rest.startsWith('offset-')) return `${head}-offset`;
      return WIDTH.test(rest) ? `${head}-w` : `${head}-color`;
    default:
      return undefined;
  }
}

/** Splits `hover:!bg-white` into its variants (`hover:`), importance and utility, as tailwind-merge keys them. */
function parse(className: string): { key: string; utility: string } {
  let depth = 0;
  let start = 0;
  for (let i = 0; i < className.length; i++) {
    const c = className[i];
    if (c === '[' || c === '(') depth++;
    else if (c === ']' || c === ')') depth--;
    else if (c === ':' && depth === 0) start = i + 1;
  }
  let utility = className.slice(start);
  let important = '';
  if (utility.startsWith('!')) {
    utility = utility.slice(1);
    important = '!';
  } else if (utility.endsWith('!')) {
    utility = utility.slice(0, -1);
    important = '!';
  }
  return { key: `${className.slice(0, start)}${important}`, utility };
}

/** Resolves conflicts in a space-separated class list: the last class of each family (per variant) stays. */
export function mergeClasses(classList: string): string {
  const taken = new Set<string>();
  const kept: string[] = [];
  const classes = classList.split(/\s+/);
  for (let i = classes.length - 1; i >= 0; i--) {
    const className = classes[i]!;
    if (!className) continue;
    const { key, utility } = parse(className);
    const family = familyOf(utility);
    if (family) {
      if (taken.has(`${key}|${family}`)) continue;
      taken.add(`${key}|${family}`);
      for (const other of CONFLICTS[family] ?? []) taken.add(`${key}|${other}`);
    }
    kept.push(className);
  }
  return kept.reverse().join(' ');
}

// Most class lists repeat (every card of a grid asks for the same ones), so results are remembered; the memory
// is dropped whole when it grows past a few hundred lists, which a page rarely reaches.
const merged = new Map<string, string>();

export const cn = (...inputs: ClassValue[]) => {
  const list = clsx(inputs);
  let result = merged.get(list);
  if (result === undefined) {
    if (merged.size >= 500) merged.clear();
    result = mergeClasses(list);
    merged.set(list, result);
  }
  return result;
};
