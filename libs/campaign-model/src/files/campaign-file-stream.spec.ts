import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CampaignFileRefusal } from './campaign-file-refusal';
import { CampaignFilePiece, CampaignFileStream } from './campaign-file-stream';
import { READABLE_FORMAT_VERSIONS, readCampaignFile, readCampaignFileParts } from './upcasters';

const goldenText = (version: number) => readFileSync(join(__dirname, 'golden', `campaign-file-v${version}.json`), 'utf8');

/** Reads `text` through the stream in chunks of `size` bytes, as a socket might deliver it. */
function piecesOf(text: string | Uint8Array, size: number): CampaignFilePiece[] {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  const stream = new CampaignFileStream();
  const pieces: CampaignFilePiece[] = [];
  for (let at = 0; at < bytes.length; at += size) pieces.push(...stream.push(bytes.subarray(at, at + size)));
  stream.end();
  return pieces;
}

/** The file the pieces make again, fields in their order and the entries as `actions`. */
function fileOf(pieces: readonly CampaignFilePiece[]): Record<string, unknown> {
  const file: Record<string, unknown> = {};
  for (const piece of pieces) {
    if (piece.kind === 'field') file[piece.key] = piece.value;
    else ((file.actions ??= []) as unknown[])[piece.index] = piece.value;
  }
  return file;
}

function refusalOf(text: string): { field: string; rule: string } {
  try {
    piecesOf(text, 5);
  } catch (error) {
    if (error instanceof CampaignFileRefusal) return { field: error.field, rule: error.rule };
    throw error;
  }
  throw new Error('accepted');
}

describe('a campaign file read as a stream of pieces', () => {
  it.each(READABLE_FORMAT_VERSIONS.map((version) => [version]))('reads the golden file of format version %i into the same file, whatever the chunks', (version) => {
    const text = goldenText(version);
    const whole = JSON.parse(text);
    for (const size of [1, 2, 3, 7, 64, 4096, text.length]) {
      const pieces = piecesOf(text, size);
      expect({ size, file: fileOf(pieces) }).toEqual({ size, file: whole });
      expect(pieces.filter((piece) => piece.kind === 'action').map((piece) => (piece as { index: number }).index)).toEqual(whole.actions.map((_: unknown, i: number) => i));
    }
  });

  it('keeps text with escapes, quotes and characters of several bytes split anywhere, and spaces between tokens', () => {
    const file = { format: 'x', note: 'a "quoted" \\ back\\slash, {brace} [bracket] – Ėmira 🌙', n: -1.5e3, t: true, f: false, z: null, actions: [{ a: '}' }, [], 'é', 0] };
    const text = JSON.stringify(file, null, 3);
    for (const size of [1, 2, 5]) expect(fileOf(piecesOf(text, size))).toEqual(file);
  });

  it.each(READABLE_FORMAT_VERSIONS.map((version) => [version]))('upgrades a version %i file part by part to what the whole-file reading gives', (version) => {
    const whole = readCampaignFile(JSON.parse(goldenText(version))).file;
    const { actions, checkpoints, players, ...header } = JSON.parse(goldenText(version));
    const parts = readCampaignFileParts(header);
    expect(parts.fromVersion).toBe(version);
    expect({ ...parts.header, actions: actions.map((entry: unknown, i: number) => parts.entry(entry, i)), ...parts.closing(checkpoints, players) }).toEqual(whole);
  });

  it('names the entry a part breaks its schema in', () => {
    const { actions, checkpoints: _checkpoints, players: _players, ...header } = JSON.parse(goldenText(2));
    const parts = readCampaignFileParts(header);
    expect(() => parts.entry({ ...actions[3], seq: 'one' }, 3)).toThrow(expect.objectContaining({ field: 'file.actions[3].seq', rule: 'type' }));
  });

  it('refuses what is not one whole JSON object, without quoting it', () => {
    const text = goldenText(2);
    expect(refusalOf(text.slice(0, text.length - 40))).toEqual({ field: 'file', rule: 'json' });
    expect(refusalOf(`${text}{}`)).toEqual({ field: 'file', rule: 'json' });
    expect(refusalOf('[1, 2]')).toEqual({ field: 'file', rule: 'json' });
    expect(refusalOf('{"actions": [{"a": 1}, {"a": tru}]}')).toEqual({ field: 'file', rule: 'json' });
    expect(refusalOf('{"actions": [{"a": 1},, {"a": 2}]}')).toEqual({ field: 'file', rule: 'json' });
    expect(refusalOf('{"format": "x" "actions": []}')).toEqual({ field: 'file', rule: 'json' });
    expect(refusalOf('{"format": "x", "format": "y"}')).toEqual({ field: 'file.format', rule: 'duplicate-field' });
    expect(refusalOf('')).toEqual({ field: 'file', rule: 'json' });
  });
});
