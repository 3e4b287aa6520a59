import { clsx, type ClassValue } from 'clsx';

/*
 * A small stand-in for tailwind-merge (which weighs 8.5 KB gzip, too much for the first script: issue 7 §3).
 * Classes are joined as clsx does; then, of two utilities that set the same thing under the same variants, the
 * later one wins, so `<Card className="bg-wood-50">` replaces the card's own `bg-white`. It knows the utility
 * families this app uses; an unknown class is always kept. cn.test.ts checks it against tailwind-merge on every
 * pair of classes written in client/, so a new family that it does not resolve like tailwind-merge fails there.
 */

const SIDES = (group: string, sides: string) => sides.split(' ').map((side) => `${group}-${side}`);

/** Groups that a later class of the key's group also removes (tailwind-merge's conflictingClassGroups). */
const CONFLICTS: Record<string, string[]> = {
  overflow: ['overflow-x', 'overflow-y'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['start', 'end', 'right', 'left'],
  'inset-y': ['top', 'bottom'],
  flex: ['basis', 'grow', 'shrink'],
  gap: ['gap-x', 'gap-y'],
  p: ['px', 'py', 'ps', 'pe', 'pt', 'pr', 'pb', 'pl'],
  px: ['ps', 'pe', 'pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'ms', 'me', 'mt', 'mr', 'mb', 'ml'],
  mx: ['ms', 'me', 'mr', 'ml'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  rounded: SIDES('rounded', 's e t r b l ss se ee es tl tr br bl'),
  'rounded-s': ['rounded-ss', 'rounded-es'],
  'rounded-e': ['rounded-se', 'rounded-ee'],
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  'border-w': SIDES('border-w', 'x y s e t r b l'),
  'border-w-x': SIDES('border-w', 's e r l'),
  'border-w-y': SIDES('border-w', 't b'),
  'border-color': SIDES('border-color', 'x y s e t r b l'),
  'border-color-x': SIDES('border-color', 's e r l'),
  'border-color-y': SIDES('border-color', 't b'),
  translate: ['translate-x', 'translate-y'],
};

const FONT_SIZE = /^(xs|sm|base|lg|[2-9]?xl)(\/.+)?$/;
const FONT_WEIGHT = /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/;
const DISPLAY =
  /^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|contents|table|flow-root|list-item|hidden)$/;
const ALIGN = /^(start|end|center|between|around|evenly|stretch|baseline|normal|end-safe|center-safe)$/;
const BORDER_STYLE = /^(solid|dashed|dotted|double|hidden|none)$/;
/** A width after a utility's name: a bare number or an arbitrary length. */
const WIDTH = /^(\d+|\[\d.*\])$/;

/** The family of a utility (its variants removed), or undefined when this helper does not know it. */
function familyOf(utility: string): string | undefined {
  const u = utility.startsWith('-') ? utility.slice(1) : utility;
  if (DISPLAY.test(u)) return 'display';
  if (/^(static|fixed|absolute|relative|sticky)$/.test(u)) return 'position';
  if (u === 'sr-only' || u === 'not-sr-only') return 'sr';
  if (/^(visible|invisible|collapse)$/.test(u)) return 'visibility';
  if (/^(underline|overline|line-through|no-underline)$/.test(u)) return 'text-decoration';
  if (/^(uppercase|lowercase|capitalize|normal-case)$/.test(u)) return 'text-transform';
  if (u === 'italic' || u === 'not-italic') return 'font-style';
  if (u === 'truncate') return 'text-overflow';
  if (u === 'grow' || u === 'shrink') return u;
  if (u === 'border') return 'border-w';
  if (u === 'ring' || u === 'outline') return `${u}-w`;
  if (u === 'shadow' || u === 'transition' || u === 'rounded') return u;

  const dash = u.indexOf('-');
  if (dash < 0) return undefined;
  const head = u.slice(0, dash);
  const rest = u.slice(dash + 1);
  switch (head) {
    case 'p':
    case 'px':
    case 'py':
    case 'ps':
    case 'pe':
    case 'pt':
    case 'pr':
    case 'pb':
    case 'pl':
    case 'm':
    case 'mx':
    case 'my':
    case 'ms':
    case 'me':
    case 'mt':
    case 'mr':
    case 'mb':
    case 'ml':
    case 'w':
    case 'h':
    case 'size':
    case 'top':
    case 'right':
    case 'bottom':
    case 'left':
    case 'start':
    case 'end':
    case 'z':
    case 'order':
    case 'opacity':
    case 'cursor':
    case 'leading':
    case 'tracking':
    case 'whitespace':
    case 'aspect':
    case 'animate':
    case 'duration':
    case 'ease':
    case 'delay':
    case 'rotate':
    case 'accent':
    case 'basis':
    case 'grow':
    case 'shrink':
    case 'fill':
    case 'from':
    case 'via':
    case 'to':
      return head;
    case 'min':
    case 'max':
      return /^[wh]-/.test(rest) ? `${head}-${rest[0]}` : undefined;
    case 'inset':
      return /^[xy]-/.test(rest) ? `inset-${rest[0]}` : 'inset';
    case 'gap':
      return /^[xy]-/.test(rest) ? `gap-${rest[0]}` : 'gap';
    case 'overflow':
      return /^[xy]-/.test(rest) ? `overflow-${rest[0]}` : 'overflow';
    case 'translate':
      return /^[xy]-/.test(rest) ? `translate-${rest[0]}` : 'translate';
    case 'pointer':
      return rest.startsWith('events-') ? 'pointer-events' : undefined;
    case 'line':
      return rest.startsWith('clamp-') ? 'line-clamp' : undefined;
    case 'underline':
      return rest.startsWith('offset-') ? 'underline-offset' : undefined;
    case 'object':
      return /^(contain|cover|fill|none|scale-down)$/.test(rest) ? 'object-fit' : 'object-position';
    case 'list':
      return /^(inside|outside)$/.test(rest) ? 'list-position' : 'list-style-type';
    case 'backdrop':
      return rest.startsWith('blur') ? 'backdrop-blur' : undefined;
    case 'transition':
      return 'transition';
    case 'shadow':
      return /^(2xs|xs|sm|md|lg|xl|2xl|none|inner)$/.test(rest) ? 'shadow' : 'shadow-color';
    case 'flex':
      if (/^(row|row-reverse|col|col-reverse)$/.test(rest)) return 'flex-direction';
      if (/^(wrap|wrap-reverse|nowrap)$/.test(rest)) return 'flex-wrap';
      return 'flex';
    case 'grid':
      if (rest.startsWith('cols-')) return 'grid-cols';
      if (rest.startsWith('rows-')) return 'grid-rows';
      if (rest.startsWith('flow-')) return 'grid-flow';
      return undefined;
    case 'col':
    case 'row':
      if (rest.startsWith('span-')) return `${head}-start-end`;
      if (rest.startsWith('start-') || rest.startsWith('end-')) return `${head}-${rest.split('-')[0]}`;
      return undefined;
    case 'justify':
      if (rest.startsWith('items-')) return 'justify-items';
      if (rest.startsWith('self-')) return 'justify-self';
      return ALIGN.test(rest) ? 'justify-content' : undefined;
    case 'items':
      return 'align-items';
    case 'self':
      return 'align-self';
    case 'content':
      return ALIGN.test(rest) ? 'align-content' : undefined;
    case 'place':
      return /^(content|items|self)-/.test(rest) ? `place-${rest.split('-')[0]}` : undefined;
    case 'font':
      if (/^(sans|serif|mono)$/.test(rest)) return 'font-family';
      return FONT_WEIGHT.test(rest) ? 'font-weight' : undefined;
    case 'text':
      if (FONT_SIZE.test(rest)) return 'font-size';
      if (/^(left|center|right|justify|start|end)$/.test(rest)) return 'text-alignment';
      if (/^(wrap|nowrap|balance|pretty)$/.test(rest)) return 'text-wrap';
      if (/^(ellipsis|clip)$/.test(rest)) return 'text-overflow';
      return 'text-color';
    case 'bg':
      // tailwind-merge files Tailwind 3's bg-gradient-to-* (which Tailwind 4 still accepts) under colours; so does cn.
      if (/^(linear-|radial|conic|none$)/.test(rest)) return 'bg-image';
      if (/^(fixed|local|scroll)$/.test(rest)) return 'bg-attachment';
      if (/^(repeat|no-repeat)/.test(rest)) return 'bg-repeat';
      if (/^(auto|cover|contain)$/.test(rest)) return 'bg-size';
      if (/^(center|top|bottom|left|right)/.test(rest)) return 'bg-position';
      if (/^(clip|origin|blend)-/.test(rest)) return undefined;
      return 'bg-color';
    case 'rounded': {
      const side = /^(ss|se|ee|es|tl|tr|br|bl|s|e|t|r|b|l)(-|$)/.exec(rest);
      return side ? `rounded-${side[1]}` : 'rounded';
    }
    case 'border': {
      if (BORDER_STYLE.test(rest)) return 'border-style';
      if (/^(collapse|separate)$/.test(rest) || rest.startsWith('spacing')) return undefined;
      const side = /^([xysetrbl])(?:-(.+))?$/.exec(rest);
      if (side) return !side[2] || WIDTH.test(side[2]) ? `border-w-${side[1]}` : `border-color-${side[1]}`;
      return WIDTH.test(rest) ? 'border-w' : 'border-color';
    }
    case 'divide':
      if (/^[xy](-|$)/.test(rest) && !/^[xy]-reverse$/.test(rest)) return `divide-${rest[0]}`;
      if (BORDER_STYLE.test(rest)) return 'divide-style';
      return /^[xy]-reverse$/.test(rest) ? undefined : 'divide-color';
    case 'ring':
      if (rest.startsWith('offset-')) return WIDTH.test(rest.slice(7)) ? 'ring-offset-w' : 'ring-offset-color';
      if (rest === 'inset') return 'ring-inset';
      return WIDTH.test(rest) ? 'ring-w' : 'ring-color';
    case 'outline':
      if (BORDER_STYLE.test(rest)) return 'outline-style';
      if (rest.startsWith('offset-')) return 'outline-offset';
      return WIDTH.test(rest) ? 'outline-w' : 'outline-color';
    case 'stroke':
      return WIDTH.test(rest) ? 'stroke-w' : 'stroke';
    case 'scale':
      return /^[xy]-/.test(rest) ? `scale-${rest[0]}` : 'scale';
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

export const cn = (...inputs: ClassValue[]) => mergeClasses(clsx(inputs));
