// A check of JSON-LD against schema.org's own vocabulary (test-fixtures/schema-org, release 30.0, trimmed): every
// type exists, every property exists and is not superseded, sits on a type its domain allows, and holds a value
// its range allows (an object of a range type or a subtype; a literal where the range has a data type).
import fs from 'node:fs';
import path from 'node:path';

interface VocabularyNode {
  '@id': string;
  '@type': string | string[];
  'rdfs:subClassOf'?: Ref | Ref[];
  'schema:domainIncludes'?: Ref | Ref[];
  'schema:rangeIncludes'?: Ref | Ref[];
  'schema:supersededBy'?: Ref | Ref[];
}
type Ref = { '@id': string };

const ids = (refs: Ref | Ref[] | undefined) => [refs ?? []].flat().map((r) => r['@id']);
const types = (node: VocabularyNode) => [node['@type']].flat();

export interface Vocabulary {
  /** Problems found in one JSON-LD object, each as "path: what is wrong"; empty when it is valid. */
  check(data: unknown): string[];
}

export function loadSchemaOrg(): Vocabulary {
  const file = path.join(
    import.meta.dirname,
    '../../test-fixtures/schema-org/schemaorg-current-https.trimmed.jsonld',
  );
  const graph = (JSON.parse(fs.readFileSync(file, 'utf8')) as { '@graph': VocabularyNode[] })['@graph'];
  const byId = new Map(graph.map((n) => [n['@id'], n]));
  const isClass = (id: string) => !!byId.get(id) && types(byId.get(id)!).includes('rdfs:Class');
  const ancestry = new Map<string, Set<string>>();
  const ancestors = (id: string): Set<string> => {
    const known = ancestry.get(id);
    if (known) return known;
    const found = new Set([id]);
    ancestry.set(id, found);
    for (const parent of ids(byId.get(id)?.['rdfs:subClassOf']))
      for (const a of ancestors(parent)) found.add(a);
    return found;
  };
  const isDataType = (id: string) =>
    [...ancestors(id)].some((a) => byId.get(a) && types(byId.get(a)!).includes('schema:DataType'));

  function checkNode(node: Record<string, unknown>, at: string, problems: string[]): string[] {
    const typeName = node['@type'];
    if (typeof typeName !== 'string') return [...problems, `${at}: no @type`];
    const type = `schema:${typeName}`;
    if (!isClass(type)) return [...problems, `${at}: ${typeName} is not a schema.org type`];
    const lineage = ancestors(type);
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('@') || value === undefined) continue;
      // schema.org Actions annotate a property's input or output as "<property>-input" (a text shorthand).
      const annotation = /^(.+)-(input|output)$/.exec(key);
      const name = annotation ? annotation[1]! : key;
      const property = byId.get(`schema:${name}`);
      const where = `${at}.${key}`;
      if (!property || !types(property).includes('rdf:Property')) {
        problems.push(`${where}: ${name} is not a schema.org property`);
        continue;
      }
      if (property['schema:supersededBy'])
        problems.push(
          `${where}: ${name} is superseded by ${ids(property['schema:supersededBy']).join(', ')}`,
        );
      const domain = ids(property['schema:domainIncludes']);
      if (!domain.some((d) => lineage.has(d)))
        problems.push(`${where}: ${name} does not belong on ${typeName} (only on ${domain.join(', ')})`);
      if (annotation) {
        if (typeof value !== 'string') problems.push(`${where}: an annotation is text`);
        continue;
      }
      const range = ids(property['schema:rangeIncludes']);
      for (const [i, item] of [value].flat().entries()) {
        const itemAt = Array.isArray(value) ? `${where}[${i}]` : where;
        if (item !== null && typeof item === 'object') {
          const itemType = `schema:${String((item as Record<string, unknown>)['@type'])}`;
          if (isClass(itemType) && !range.some((r) => ancestors(itemType).has(r)))
            problems.push(
              `${itemAt}: a ${itemType.slice(7)} is not what ${name} holds (${range.join(', ')})`,
            );
          checkNode(item as Record<string, unknown>, itemAt, problems);
        } else if (
          typeof item === 'string' &&
          /^https:\/\/schema\.org\/[A-Z]\w+$/.test(item) &&
          range.some((r) => ancestors(r).has('schema:Enumeration'))
        ) {
          // An enumeration's member by its URL ("https://schema.org/InStock"), as JSON-LD and Google write it.
          continue;
        } else if (!range.some(isDataType)) {
          problems.push(`${itemAt}: ${name} holds ${range.join(', ')}, not text or a number`);
        }
      }
    }
    return problems;
  }

  return {
    check(data) {
      if (data === null || typeof data !== 'object') return ['$: not an object'];
      const { '@context': context, ...node } = data as Record<string, unknown>;
      const problems = context === 'https://schema.org' ? [] : ['$: @context is not https://schema.org'];
      return checkNode(node, '$', problems);
    },
  };
}
