// The reading alone (schemas and upcasters), not the writer, replay and hashes the files module also holds: a smaller bundle.
import { CampaignFileRefusal } from '@scriptbook/campaign-model/files/campaign-file-refusal';
import { readCampaignFile } from '@scriptbook/campaign-model/files/upcasters';
import { ScriptbookError } from '../errors';
import type { JsonValue } from '../json';

const refused = (field: string, rule: string, message: string) => new ScriptbookError([{ message, extensions: { code: 'BAD_USER_INPUT', field, rule } }]);

/**
 * The file to send to `importCampaign`, read on the device with the
 * schema and upcasters the server reads it with
 * (`@scriptbook/campaign-model/files`): a text that is not JSON, or a value
 * that is not a campaign file of a version this release reads, is refused
 * here with the field and rule the server would give (`input.file.<path>`).
 * The replay and the checkpoint hashes are the server's to check. The file
 * is sent as it was given: the server upcasts it itself.
 */
export function fileForImport(file: JsonValue | string): JsonValue {
  let value: JsonValue;
  if (typeof file === 'string') {
    try {
      value = JSON.parse(file) as JsonValue;
    } catch {
      throw refused('input.file', 'json', 'The file is not JSON');
    }
  } else value = file;
  try {
    readCampaignFile(value);
  } catch (error) {
    if (error instanceof CampaignFileRefusal) throw refused(`input.${error.field}`, error.rule, error.message);
    throw error;
  }
  return value;
}
