/**
 * Small helpers on JSON values, shared by the extension, the language server and the CLI.
 * Structural equality is `dequal` (key order does not matter, array order does).
 */

export type JsonObject = Record<string, unknown>;

export function isObject(v: unknown): v is JsonObject {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** A string with something in it (`updated_by`, a name), else undefined. */
export function nonEmptyString(v: unknown): string | undefined {
  return typeof v === 'string' && v ? v : undefined;
}

export function has(o: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(o, key);
}

/**
 * Sets `key` as an own member, whatever its name: assigning `o['__proto__']` would change the
 * object's prototype instead, and the member would vanish from the written JSON.
 */
export function setMember(o: object, key: string, value: unknown): void {
  Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * `table[key]` when the table has `key` as its own: a word from a document (`constructor`,
 * `toString`, `__proto__`) never finds what every object inherits.
 */
export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * Equal as JSON values. An alias of `dequal`, kept for the rule modules that still import it by
 * this name; new code imports `dequal` itself.
 */

/** A deep copy through JSON. */
export function cloneJson<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}
