// What a contract field accepts before anything is written (sessions, batch rows, commits).
import { describe, expect, test } from 'vitest';
import { fillerValue, normaliseValue } from '../../src/domain/field-values.ts';
import type { ContractField } from '../../src/domain/contracts.ts';

const rect = { x: 0, y: 0, width: 10, height: 10 };
const box = (over: Partial<ContractField>): ContractField => ({ id: 1, name: 'f', label: 'F', type: 'checkbox', data_type: 'boolean', page: 0, rect, required: false, confidence: 1, value: null, ...over });

describe('checkbox values', () => {
  test('a single-state box takes true/false words and its on-state', () => {
    const f = box({ export_value: 'On', widgets: [{ page: 0, rect, export_value: 'On' }] });
    expect(normaliseValue(f, 'yes')).toEqual({ value: 'true' });
    expect(normaliseValue(f, 'On')).toEqual({ value: 'true' });
    expect(normaliseValue(f, 'no')).toEqual({ value: 'false' });
    expect(normaliseValue(f, 'maybe')).toHaveProperty('problem.reason', 'invalid_checkbox_value');
    expect(fillerValue(f, 'true')).toBe(true);
  });

  test('a box drawn with several on-states takes the state to turn on', () => {
    const f = box({ export_value: 'M', widgets: ['M', 'F', 'X'].map((s) => ({ page: 0, rect, export_value: s })) });
    expect(normaliseValue(f, 'f')).toEqual({ value: 'F' });
    expect(fillerValue(f, 'F')).toBe('F');
    expect(normaliseValue(f, 'false')).toEqual({ value: 'false' });
    const bad = normaliseValue(f, 'Q');
    expect(bad).toHaveProperty('problem.allowed', ['true', 'false', 'M', 'F', 'X']);
  });
});
