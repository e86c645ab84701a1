import type { CatalogAction } from '@scriptbook/client';
import { el } from './dom';
import { argsFromForm, FormArgs, formFields, FormField, FormValues } from './schema-form';

/** One action of the catalog as a form: its fields from the args' JSON Schema, a button, and a message area. */
export interface ActionForm {
  readonly element: HTMLFormElement;
  /** The args the form holds now, or what could not be read. */
  args(): FormArgs;
  /** The area the action's own messages go to (a live region). */
  readonly message: HTMLElement;
  reset(): void;
}

function control(action: string, field: FormField): { element: HTMLElement; id: string } {
  const id = `action-${action}-${field.name}`;
  const common: Record<string, string> = { id, name: field.name, ...(field.required ? { required: '', 'aria-required': 'true' } : {}) };
  if (field.hint) common['aria-describedby'] = `${id}-hint`;
  switch (field.kind) {
    case 'text':
      return { id, element: el('input', { ...common, type: 'text', ...(field.maxLength !== null ? { maxlength: String(field.maxLength) } : {}) }) };
    case 'integer':
    case 'number':
      return {
        id,
        element: el('input', {
          ...common,
          type: 'number',
          inputmode: field.kind === 'integer' ? 'numeric' : 'decimal',
          step: field.kind === 'integer' ? '1' : 'any',
          ...(field.min !== null ? { min: String(field.min) } : {}),
          ...(field.max !== null ? { max: String(field.max) } : {}),
        }),
      };
    case 'boolean':
      return { id, element: el('input', { ...common, type: 'checkbox' }) };
    case 'choice':
      return { id, element: el('select', common, ...(field.required ? [] : [el('option', { value: '' }, '(none)')]), ...field.options.map((option) => el('option', { value: option.value }, option.label))) };
    case 'list':
    case 'counts':
    case 'json':
      return { id, element: el('textarea', { ...common, rows: '3' }) };
  }
}

const HOW: Partial<Record<FormField['kind'], string>> = {
  list: 'One a line.',
  counts: 'One "name = number" a line.',
  json: 'As JSON.',
};

export function actionForm(action: CatalogAction): ActionForm {
  const fields = formFields(action.argsSchema);
  const message = el('div', { class: 'action-message', role: 'status', 'aria-live': 'polite' });
  const element = el('form', { class: 'action', 'data-action': action.name, novalidate: '' });
  const rows = fields.map((field) => {
    const { element: input, id } = control(action.name, field);
    const hint = [field.hint, HOW[field.kind]].filter(Boolean).join(' ');
    return el(
      'div',
      { class: field.kind === 'boolean' ? 'field check' : 'field' },
      el('label', { for: id }, field.label, field.required ? '' : ' (optional)'),
      input,
      hint ? el('small', { id: `${id}-hint`, class: 'hint' }, hint) : null,
    );
  });
  element.append(
    el('fieldset', {}, el('legend', {}, action.name), el('p', { class: 'hint' }, action.description), ...rows, el('button', { type: 'submit' }, `Do ${action.name}`)),
    message,
  );
  return {
    element,
    message,
    args() {
      const values: Record<string, string | boolean> = {};
      for (const field of fields) {
        const input = element.elements.namedItem(field.name) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null;
        if (!input) continue;
        values[field.name] = input instanceof HTMLInputElement && input.type === 'checkbox' ? input.checked : input.value;
      }
      return argsFromForm(fields, values as FormValues);
    },
    reset() {
      element.reset();
    },
  };
}
