// The elicitation form without Ink: fields from a schema, defaults, editing,
// validation and the content an accept sends.
import {describe, expect, it} from 'vitest';
import {checkForm} from '../../src/ui/forms/form-check.js';
import {editFocused, initialForm, moveFocus, onLastField, submitForm, type FormState} from '../../src/ui/forms/form-state.js';
import {fieldHint, formFields, type FormField} from '../../src/ui/forms/schema-form.js';
import {EVERYTHING_DEFAULTS, EVERYTHING_SCHEMA, key} from './form-fixtures.js';

const form = (properties: Record<string, unknown>, required: string[] = []) => initialForm(formFields({type: 'object', properties, required}));
/** Types `text` into the focused field, one key at a time. */
const type = (s: FormState, text: string) => [...text].reduce((st, ch) => editFocused(st, ch, key()).state, s);
const press = (s: FormState, flags: Parameters<typeof key>[0], input = '') => editFocused(s, input, key(flags)).state;

describe('fields from a schema', () => {
  it('reads every kind server-everything sends, in order, with titles, defaults and bounds', () => {
    const fields = formFields(EVERYTHING_SCHEMA);
    expect(fields.map((f) => [f.key, f.kind, f.label, f.required])).toEqual([
      ['name', 'text', 'String', true],
      ['check', 'boolean', 'Boolean', false],
      ['firstLine', 'text', 'String with default', false],
      ['email', 'text', 'String with email format', false],
      ['homepage', 'text', 'String with uri format', false],
      ['birthdate', 'text', 'String with date format', false],
      ['integer', 'number', 'Integer', false],
      ['number', 'number', 'Number in range 1-1000', false],
      ['untitledSingleSelectEnum', 'select', 'Untitled Single Select Enum', false],
      ['untitledMultipleSelectEnum', 'multi', 'Untitled Multiple Select Enum', false],
      ['titledSingleSelectEnum', 'select', 'Titled Single Select Enum', false],
      ['titledMultipleSelectEnum', 'multi', 'Titled Multiple Select Enum', false],
      ['legacyTitledEnum', 'select', 'Legacy Titled Single Select Enum', false],
    ]);
    expect(fields[3]).toMatchObject({format: 'email', description: 'Your email address'});
    expect(fields[6]).toMatchObject({integer: true, minimum: 1, maximum: 100, initial: '42'});
    expect(fields[7]).toMatchObject({integer: false, minimum: 0, maximum: 1000, initial: '3.14'});
    expect(fields[2]).toMatchObject({initial: 'It was a dark and stormy night.'});
  });

  it('takes choice titles from enumNames, oneOf and items.anyOf; values stay as sent', () => {
    const fields = formFields(EVERYTHING_SCHEMA);
    const choices = (i: number) => (fields[i] as Extract<FormField, {kind: 'select' | 'multi'}>).choices;
    expect(choices(12)).toEqual([
      {value: 'pet-1', label: 'Cats'}, {value: 'pet-2', label: 'Dogs'}, {value: 'pet-3', label: 'Birds'}, {value: 'pet-4', label: 'Fish'}, {value: 'pet-5', label: 'Reptiles'},
    ]);
    expect(choices(10).map((c) => c.label)).toEqual(['Superman', 'Green Lantern', 'Wonder Woman']);
    expect(choices(11)).toEqual([{value: 'fish-1', label: 'Tuna'}, {value: 'fish-2', label: 'Salmon'}, {value: 'fish-3', label: 'Trout'}]);
    expect(choices(8).map((c) => c.label)).toEqual(['Monica', 'Rachel', 'Joey', 'Chandler', 'Ross', 'Phoebe']);
    expect(fields[9]).toMatchObject({minItems: 1, maxItems: 3, initial: [0]});
    expect(fields[10]).toMatchObject({initial: 0});
  });

  it('the key names a field without a title; unknown types are kept but marked unsupported', () => {
    const fields = formFields({properties: {plain: {type: 'string'}, nested: {type: 'object', title: 'Nested'}, odd: 'not a schema', list: {type: 'array', items: {type: 'string'}}}, required: ['nested', 42]});
    expect(fields.map((f) => [f.label, f.kind])).toEqual([['plain', 'text'], ['Nested', 'unsupported'], ['odd', 'unsupported'], ['list', 'unsupported']]);
    expect(fields[1]).toMatchObject({type: 'object', required: true});
    expect(formFields(undefined)).toEqual([]);
    expect(formFields({type: 'object'})).toEqual([]);
  });

  it('strips terminal controls from titles, descriptions and choice labels, and bounds their length', () => {
    const NASTY = '\u001b[2J\u001b]52;c;aGVsbG8=\u0007\u009b31m\u202e';
    const fields = formFields({
      properties: {
        a: {type: 'string', title: `Name${NASTY}`, description: `Desc${NASTY}\nsecond line`, default: `x${NASTY}`},
        b: {type: 'string', enum: ['v1'], enumNames: [`Label${NASTY}`]},
        c: {type: 'array', items: {anyOf: [{const: 'k', title: `Fish${NASTY}`}]}},
        d: {type: 'string', title: 'T'.repeat(100_000)},
      },
    });
    const text = JSON.stringify(fields.map((f) => [f.label, f.description, 'choices' in f ? f.choices.map((c) => c.label) : [], 'initial' in f ? f.initial : '']));
    expect(text).not.toMatch(/\\u001b|\\u0007|\\u009b|\\u202e|\\n/);
    expect(fields[0]).toMatchObject({label: 'Name', description: 'Desc second line', initial: 'x'});
    expect(fields[3].label.length).toBeLessThanOrEqual(500);
    // Values go back as sent.
    expect((fields[1] as Extract<FormField, {kind: 'select'}>).choices[0]).toEqual({value: 'v1', label: 'Label'});
  });

  it('hints say what a field accepts', () => {
    const [name, , , email, uri, date, integer, number, single, multi] = formFields(EVERYTHING_SCHEMA);
    expect([name, email, uri, date, integer, number, single, multi].map(fieldHint)).toEqual([
      '', 'email', 'URI', 'date YYYY-MM-DD', 'whole number 1–100', 'number 0–1000', '←→ choose one of 6', '←→ move, Space picks, 1–3 choices',
    ]);
    expect(fieldHint(formFields({properties: {s: {type: 'string', minLength: 2, maxLength: 5, format: 'date-time'}}})[0])).toBe('date-time 2026-01-31T09:30:00Z, 2–5 characters');
  });
});

describe('editing', () => {
  it('Tab order wraps; typing edits text; Space and ←→ toggle a boolean', () => {
    let s = form({a: {type: 'string'}, b: {type: 'boolean'}});
    expect(onLastField(s)).toBe(false);
    s = type(s, 'Ada');
    s = press(s, {backspace: true});
    expect(s.values[0]).toEqual({kind: 'text', editor: {value: 'Ad', cursor: 2}});
    s = moveFocus(s, 1);
    expect(onLastField(s)).toBe(true);
    s = press(s, {}, ' ');
    expect(s.values[1]).toEqual({kind: 'boolean', on: true});
    s = press(s, {leftArrow: true});
    expect(s.values[1]).toEqual({kind: 'boolean', on: false});
    expect(moveFocus(s, 1).focus).toBe(0);
    expect(moveFocus(moveFocus(s, 1), -1).focus).toBe(1);
  });

  it('a select cycles with ←→ and Space; an optional one can go back to nothing chosen', () => {
    let s = form({req: {type: 'string', enum: ['a', 'b']}, opt: {type: 'string', enum: ['x', 'y']}}, ['req']);
    expect(s.values).toEqual([{kind: 'select', index: -1}, {kind: 'select', index: -1}]);
    s = press(s, {rightArrow: true});
    s = press(s, {}, ' ');
    expect(s.values[0]).toEqual({kind: 'select', index: 1});
    s = press(s, {rightArrow: true});
    expect(s.values[0]).toEqual({kind: 'select', index: 0});
    s = moveFocus(s, 1);
    s = press(s, {leftArrow: true});
    expect(s.values[1]).toEqual({kind: 'select', index: 1});
    s = press(s, {rightArrow: true});
    expect(s.values[1]).toEqual({kind: 'select', index: -1});
  });

  it('a multi-select moves with ←→, picks with Space, and refuses more than maxItems', () => {
    let s = form({m: {type: 'array', maxItems: 2, items: {enum: ['a', 'b', 'c']}}});
    s = press(s, {}, ' ');
    s = press(s, {rightArrow: true});
    s = press(s, {rightArrow: true});
    s = press(s, {}, ' ');
    expect(s.values[0]).toEqual({kind: 'multi', picked: [0, 2], cursor: 2});
    s = press(s, {leftArrow: true});
    s = press(s, {}, ' ');
    expect(s.values[0]).toMatchObject({picked: [0, 2]});
    expect(s.error).toEqual({field: 0, message: '“m” takes at most 2 choices: unpick one first'});
    s = press(s, {rightArrow: true});
    s = press(s, {}, ' ');
    expect(s.values[0]).toMatchObject({picked: [0], cursor: 2});
    expect(s.error).toBeUndefined();
  });

  it('a paste ending in Enter reports the Enter', () => {
    const r = editFocused(form({a: {type: 'string'}}), 'hello\r', key());
    expect(r.enter).toBe(true);
    expect(r.state.values[0]).toMatchObject({editor: {value: 'hello'}});
  });
});

describe('submitting', () => {
  it('server-everything’s form with only the name typed sends every default, with its type', () => {
    let s = initialForm(formFields(EVERYTHING_SCHEMA));
    s = type(s, 'Ada Lovelace');
    const r = submitForm(s);
    expect(r.content).toEqual({name: 'Ada Lovelace', ...EVERYTHING_DEFAULTS});
  });

  it('a missing required field is refused by name, with focus moved to it', () => {
    const s = moveFocus(initialForm(formFields(EVERYTHING_SCHEMA)), 1);
    const r = submitForm(s);
    expect(r.content).toBeUndefined();
    expect(r.state.error).toEqual({field: 0, message: '“String” is required'});
    expect(r.state.focus).toBe(0);
    // Typing into that field clears the message.
    expect(type(r.state, 'A').error).toBeUndefined();
  });

  it('numbers are sent as numbers; integers refuse decimals; bounds hold', () => {
    const props = {i: {type: 'integer', title: 'Count', minimum: 1, maximum: 10}, n: {type: 'number', title: 'Ratio', maximum: 1}};
    const check = (i: string, n: string) => {
      let s = type(form(props), i);
      s = type(moveFocus(s, 1), n);
      const r = submitForm(s);
      return r.content ?? r.state.error!.message;
    };
    expect(check('7', '0.25')).toEqual({i: 7, n: 0.25});
    expect(check('7.5', '')).toBe('“Count” must be a whole number');
    expect(check('0', '')).toBe('“Count” must be at least 1');
    expect(check('11', '')).toBe('“Count” must be at most 10');
    expect(check('', 'abc')).toBe('“Ratio” must be a number');
    expect(check('', '2')).toBe('“Ratio” must be at most 1');
    expect(check(' 3 ', '-1e-2')).toEqual({i: 3, n: -0.01});
    // Empty optional fields are left out.
    expect(check('', '')).toEqual({});
  });

  it('string lengths and formats are checked lightly', () => {
    const one = (schema: Record<string, unknown>, text: string) => {
      const r = submitForm(type(form({s: {type: 'string', title: 'S', ...schema}}), text));
      return r.content ? 'ok' : r.state.error!.message;
    };
    expect(one({minLength: 3}, 'ab')).toBe('“S” needs at least 3 characters');
    expect(one({maxLength: 3}, 'abcd')).toBe('“S” takes at most 3 characters');
    expect(one({maxLength: 2}, '漢字')).toBe('ok');
    expect(one({format: 'email'}, 'ada@example.com')).toBe('ok');
    expect(one({format: 'email'}, 'ada')).toBe('“S” must be an email address (name@example.com)');
    expect(one({format: 'uri'}, 'https://example.com/x')).toBe('ok');
    expect(one({format: 'uri'}, 'not a uri')).toBe('“S” must be a URI (like https://example.com)');
    expect(one({format: 'date'}, '1815-12-10')).toBe('ok');
    expect(one({format: 'date'}, '1815-02-30')).toBe('“S” must be a date (YYYY-MM-DD)');
    expect(one({format: 'date-time'}, '2026-01-31T09:30:00Z')).toBe('ok');
    expect(one({format: 'date-time'}, '2026-01-31')).toBe('“S” must be a date and time (like 2026-01-31T09:30:00Z)');
  });

  it('required selects, multi-selects and booleans', () => {
    const props = {
      pick: {type: 'string', title: 'Pick', oneOf: [{const: 'a', title: 'A'}, {const: 'b', title: 'B'}]},
      many: {type: 'array', title: 'Many', minItems: 2, items: {anyOf: [{const: 1, title: 'one'}, {const: 2, title: 'two'}]}},
      ok: {type: 'boolean', title: 'OK'},
    };
    let s = form(props, ['pick', 'many', 'ok']);
    expect(submitForm(s).state.error?.message).toBe('“Pick” needs a choice');
    s = press(s, {rightArrow: true});
    s = moveFocus(s, 1);
    s = press(s, {}, ' ');
    expect(submitForm(s).state.error?.message).toBe('“Many” needs at least 2 choices');
    s = press(press(s, {rightArrow: true}), {}, ' ');
    expect(submitForm(s).content).toEqual({pick: 'a', many: [1, 2], ok: false});
  });

  it('a required field of a type the form cannot show blocks accept; an optional one is left out', () => {
    expect(submitForm(form({x: {type: 'object', title: 'X'}}, ['x'])).state.error?.message).toBe('“X” is of type object, which cannot be filled in here: decline or cancel');
    expect(submitForm(form({x: {type: 'object'}})).content).toEqual({});
  });

  it('a form with no fields accepts with empty content', () => {
    const s = initialForm(formFields({type: 'object', properties: {}}));
    expect(onLastField(s)).toBe(true);
    expect(submitForm(s).content).toEqual({});
  });

  it('a "__proto__" key is sent as a plain key', () => {
    const schema = JSON.parse('{"properties": {"__proto__": {"type": "string", "default": "x"}}}');
    const content = checkForm(formFields(schema), initialForm(formFields(schema)).values);
    expect(content.ok && Object.keys(content.content)).toEqual(['__proto__']);
    expect(content.ok && Object.getPrototypeOf(content.content)).toBe(Object.prototype);
  });

  it('a slash command typed into a field is never sent as the answer; a path starting with / is', () => {
    const schema = {properties: {name: {type: 'string'}}, required: ['name']};
    const typed = (text: string) => checkForm(formFields(schema), [{kind: 'text', editor: {value: text, cursor: text.length}}]);
    for (const text of ['/quit', '/help', ' /clear', '/tool mcp__notes__search']) {
      const r = typed(text);
      expect(r.ok, text).toBe(false);
      expect(!r.ok && r.message).toMatch(/a breakerbox command, not an answer/);
    }
    expect(typed('/home/ada/notes.md')).toEqual({ok: true, content: {name: '/home/ada/notes.md'}});
    expect(typed('/quitting')).toEqual({ok: true, content: {name: '/quitting'}});
  });
});
