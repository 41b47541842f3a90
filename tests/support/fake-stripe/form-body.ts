// Stripe's request bodies: application/x-www-form-urlencoded with bracket keys, as the SDK writes them
// (`line_items[0][price_data][unit_amount]=12345`, `metadata[orderId]=42`). Read into the nested object
// the SDK was given, so the fake checks the parameters the shop meant, not their encoding. Every value
// stays a string, as on the wire: the caller decides what must be an integer.

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

/** A body the fake cannot read; the server answers it as Stripe answers a malformed request. */
export class FormBodyError extends Error {}

/** Far above anything Stripe accepts in a list (100 line items), low enough that `a[99999999]` is refused rather than allocated. */
const maxIndex = 1000;

/** `a[b][0][]` → ['a', 'b', '0', '']; undefined when the brackets do not close. */
function keyPath(key: string): string[] | undefined {
  const open = key.indexOf('[');
  if (open === -1) return [key];
  const path = [key.slice(0, open)];
  const rest = key.slice(open);
  const segments = /^(?:\[[^[\]]*\])+$/.test(rest) ? rest.match(/\[[^[\]]*\]/g) : null;
  if (!segments || path[0] === '') return undefined;
  return [...path, ...segments.map((segment) => segment.slice(1, -1))];
}

const isIndex = (segment: string) => segment === '' || /^\d+$/.test(segment);

/** Own properties only: a key like `metadata[__proto__]` must become data, not a prototype. */
function setOwn(target: FormObject, key: string, value: FormValue) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function getOwn(target: FormObject | FormValue[], key: string | number): FormValue | undefined {
  return Object.hasOwn(target, key) ? (target as Record<string, FormValue>)[key] : undefined;
}

/** Holes left by indices given out of order or with gaps (`a[0]`, `a[5]`) close up, keeping the order of the indices. */
function compact(value: FormValue): FormValue {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter(() => true).map(compact);
  for (const key of Object.keys(value)) setOwn(value, key, compact(value[key]!));
  return value;
}

export function parseFormBody(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = keyPath(key);
    if (!path) throw new FormBodyError(`Invalid parameter name: \`${key}\`.`);
    let container: FormObject | FormValue[] = root;
    for (let depth = 0; depth < path.length; depth++) {
      const segment = path[depth]!;
      const last = depth === path.length - 1;
      let slot: string | number = segment;
      if (Array.isArray(container)) {
        if (!isIndex(segment)) throw new FormBodyError(`Invalid array: \`${key}\` names a field of a list.`);
        slot = segment === '' ? container.length : Number(segment);
        if (slot > maxIndex) throw new FormBodyError(`Invalid array index in \`${key}\`: at most ${maxIndex}.`);
      }
      const existing = getOwn(container, slot);
      if (last) {
        if (existing !== undefined && typeof existing !== 'string') throw new FormBodyError(`Invalid parameter: \`${key}\` is given both as a value and as a hash or list.`);
        if (Array.isArray(container)) container[slot as number] = value;
        else setOwn(container, segment, value);
        continue;
      }
      // The next segment decides what this one holds: an index makes a list, a name a hash.
      const wantsList = isIndex(path[depth + 1]!);
      if (existing === undefined) {
        const created: FormObject | FormValue[] = wantsList ? [] : {};
        if (Array.isArray(container)) container[slot as number] = created;
        else setOwn(container, segment, created);
        container = created;
      } else if (typeof existing !== 'string' && Array.isArray(existing) === wantsList) {
        container = existing;
      } else {
        throw new FormBodyError(`Invalid parameter: \`${key}\` does not match the other parameters named \`${path.slice(0, depth + 1).join('.')}\`.`);
      }
    }
  }
  return compact(root) as FormObject;
}
