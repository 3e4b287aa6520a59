// One generated passport of `npm run sample:scale`: its instrument row, its maker and its drawing, from its
// number n and a little randomness, so that runs differ but every row is valid for any n the script accepts.
import { generatePassportCode } from '../server/db/builders/registry';
import { typeLabel } from '../contract/registry-values';
import { drawingUrl } from '../server/db/sample/drawings';
import {
  SCALE_ADJECTIVES,
  SCALE_CATEGORIES,
  SCALE_CONDITIONS,
  SCALE_DRAWINGS,
  SCALE_TYPES,
  SCALE_WOODS,
} from './scale-vocabulary';

export interface ScaleMaker {
  id: string;
  ownerId: string;
  name: string;
  location: string | null;
}

// The seed stays an unsigned 32-bit number: n × 7919 passes 2^31 near n = 271,000, where a signed shift turned
// it negative and a pick came back undefined (the script stopped there).
const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!;
const capitalised = (word: string) => `${word[0]!.toUpperCase()}${word.slice(1)}`;

export function scaleRow<M extends ScaleMaker>(n: number, makers: readonly M[], random = Math.random()) {
  const seed = (n * 7919 + Math.floor(random * 1000)) >>> 0;
  const type = pick(SCALE_TYPES, seed);
  const maker = pick(makers, seed >>> 3);
  const body = pick(SCALE_WOODS, seed >>> 5);
  const category = pick(SCALE_CATEGORIES[type], seed >>> 4);
  const typeWords = typeLabel(type)
    .split(/(?<=[ -])/)
    .map(capitalised)
    .join('');
  return {
    row: {
      passportCode: generatePassportCode(),
      name: `${pick(SCALE_ADJECTIVES, seed >>> 2)} ${capitalised(body)} ${typeWords} ${n + 1}`,
      instrumentType: type,
      category,
      model: `Model ${(seed % 97) + 1}`,
      serialNumber: `SC-${String(n + 1).padStart(7, '0')}`,
      bodyWood: body,
      neckWood: pick(SCALE_WOODS, seed >>> 6),
      fretboardWood: pick(SCALE_WOODS, seed >>> 7),
      description: `Scale-test ${typeLabel(type)} in ${body}.`,
      yearMade: 1960 + (seed % 66),
      estimatedValue: 500 + (seed % 30_000),
      condition: pick(SCALE_CONDITIONS, seed >>> 8),
      verified: seed % 3 === 0,
      makerShopId: maker.id,
      currentOwnerId: maker.ownerId,
    },
    maker,
    drawing: drawingUrl(type, category, pick(SCALE_DRAWINGS, seed >>> 9)),
  };
}
