import { CampaignFileRefusal } from './campaign-file-refusal';

/** One piece of a campaign file as it is read: a top-level field whole, or one entry of `actions`. */
export type CampaignFilePiece = { readonly kind: 'field'; readonly key: string; readonly value: unknown } | { readonly kind: 'action'; readonly index: number; readonly value: unknown };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

type Where =
  | 'before-root'
  | 'key-or-end'
  | 'key-required'
  | 'in-key'
  | 'colon'
  | 'value-start'
  | 'in-value'
  | 'after-value'
  | 'element-or-end'
  | 'element-required'
  | 'after-element'
  | 'after-root';

const notJson = (why: string) => new CampaignFileRefusal('file', 'json', `The file is not valid JSON: ${why}`);

/**
 * Reads a campaign file's JSON bytes as they arrive and hands back its
 * pieces: every top-level field whole (they are small: the header, the
 * checkpoints, the players) and each entry of `actions` on its own, so a
 * file of any length is never held whole. Only the structure is scanned
 * here (strings, nesting, separators); each piece's bytes are parsed by
 * `JSON.parse`, which does the rest of the checking. A malformed or
 * truncated file is refused (`file`, rule `json`) without echoing it.
 */
export class CampaignFileStream {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private where: Where = 'before-root';
  /** Bytes of the piece (or field name) being read that earlier chunks left, from its first byte. */
  private carry = new Uint8Array(0);
  /** Where the piece being read starts in the current buffer; -1 when none is. */
  private start = -1;
  private key: string | null = null;
  private readonly keys = new Set<string>();
  private inActions = false;
  private actionIndex = 0;
  // Of the piece being read: its nesting, whether in a string, whether the next byte is escaped, whether it is bare (a number, true, false, null).
  private nesting = 0;
  private inString = false;
  private escaped = false;
  private bare = false;

  /** The pieces completed by this chunk, in file order. */
  push(chunk: Uint8Array): CampaignFilePiece[] {
    const buffer = this.carry.length === 0 ? chunk : concat(this.carry, chunk);
    const pieces: CampaignFilePiece[] = [];
    for (let i = this.carry.length; i < buffer.length; i++) {
      const byte = buffer[i];
      const where = this.where;
      if (where === 'in-key' || where === 'in-value') {
        if (this.bare && (byte === COMMA || byte === CLOSE_OBJECT || byte === CLOSE_ARRAY || isSpace(byte))) {
          this.finish(buffer, i, pieces);
          i--; // the delimiter belongs to what follows the value
        } else if (this.scan(byte)) {
          this.finish(buffer, i + 1, pieces);
        }
        continue;
      }
      if (isSpace(byte) || (where === 'before-root' && (byte === 0xef || byte === 0xbb || byte === 0xbf))) continue;
      switch (where) {
        case 'before-root':
          if (byte !== OPEN_OBJECT) throw notJson('a campaign file is one JSON object');
          this.where = 'key-or-end';
          break;
        case 'key-or-end':
        case 'key-required':
          if (byte === CLOSE_OBJECT && where === 'key-or-end') this.where = 'after-root';
          else if (byte === QUOTE) this.begin('in-key', i, byte);
          else throw notJson('expected a field name');
          break;
        case 'colon':
          if (byte !== COLON) throw notJson('expected a colon after a field name');
          this.where = 'value-start';
          break;
        case 'value-start':
          if (this.key === 'actions' && byte === OPEN_ARRAY) {
            this.inActions = true;
            this.where = 'element-or-end';
          } else this.begin('in-value', i, byte);
          break;
        case 'after-value':
          if (byte === COMMA) this.where = 'key-required';
          else if (byte === CLOSE_OBJECT) this.where = 'after-root';
          else throw notJson('expected a comma or the end of the object');
          break;
        case 'element-or-end':
        case 'element-required':
          if (byte === CLOSE_ARRAY && where === 'element-or-end') this.endActions();
          else if (byte === CLOSE_ARRAY || byte === COMMA || byte === COLON) throw notJson('expected an entry of actions');
          else this.begin('in-value', i, byte);
          break;
        case 'after-element':
          if (byte === COMMA) this.where = 'element-required';
          else if (byte === CLOSE_ARRAY) this.endActions();
          else throw notJson('expected a comma or the end of actions');
          break;
        case 'after-root':
          throw notJson('nothing may follow the object');
      }
    }
    this.keepCarry(buffer);
    return pieces;
  }

  /** Checks that the file ended where its object does. */
  end(): void {
    if (this.where !== 'after-root') throw notJson('the file ends before its object does');
  }

  private begin(where: 'in-key' | 'in-value', at: number, byte: number): void {
    if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY || byte === COMMA || byte === COLON) throw notJson('expected a value');
    this.where = where;
    this.start = at;
    this.inString = byte === QUOTE;
    this.escaped = false;
    this.nesting = byte === OPEN_OBJECT || byte === OPEN_ARRAY ? 1 : 0;
    this.bare = !this.inString && this.nesting === 0;
  }

  /** Reads one byte after a piece's first; true when it is the piece's last. */
  private scan(byte: number): boolean {
    if (this.bare) return false;
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (byte === BACKSLASH) this.escaped = true;
      else if (byte === QUOTE) {
        this.inString = false;
        return this.nesting === 0;
      }
      return false;
    }
    if (byte === QUOTE) this.inString = true;
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) this.nesting++;
    else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) return --this.nesting === 0;
    return false;
  }

  private finish(buffer: Uint8Array, end: number, pieces: CampaignFilePiece[]): void {
    const value = this.parse(buffer.subarray(this.start, end));
    this.start = -1;
    if (this.where === 'in-key') {
      const key = value as string;
      if (this.keys.has(key)) throw new CampaignFileRefusal(`file.${key}`, 'duplicate-field', `${key} appears twice in the file`);
      this.keys.add(key);
      this.key = key;
      this.where = 'colon';
    } else if (this.inActions) {
      pieces.push({ kind: 'action', index: this.actionIndex++, value });
      this.where = 'after-element';
    } else {
      pieces.push({ kind: 'field', key: this.key!, value });
      this.where = 'after-value';
    }
  }

  private endActions(): void {
    this.inActions = false;
    this.where = 'after-value';
  }

  private parse(bytes: Uint8Array): unknown {
    try {
      return JSON.parse(this.decoder.decode(bytes));
    } catch {
      // The parser's message quotes the text: never echoed.
      throw notJson('a value could not be read');
    }
  }

  private keepCarry(buffer: Uint8Array): void {
    if (this.start < 0) {
      this.carry = new Uint8Array(0);
      return;
    }
    this.carry = buffer.slice(this.start);
    this.start = 0;
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a, 0);
  joined.set(b, a.length);
  return joined;
}
