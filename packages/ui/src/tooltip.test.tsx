import { afterEach, describe, expect, test } from 'bun:test';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SimpleTooltip, TOOLTIP_DELAY_MS, TooltipProvider } from './tooltip.tsx';

afterEach(cleanup);

describe('tooltip', () => {
  test('the open delay is 700 ms (spec)', () => {
    expect(TOOLTIP_DELAY_MS).toBe(700);
  });

  test('SimpleTooltip renders its child as the trigger, with or without a provider', () => {
    render(
      <>
        <SimpleTooltip content="Add credits">
          <button type="button">+</button>
        </SimpleTooltip>
        <TooltipProvider>
          <SimpleTooltip content="Mute">
            <button type="button">M</button>
          </SimpleTooltip>
        </TooltipProvider>
      </>,
    );
    expect(screen.getByRole('button', { name: '+' }).getAttribute('data-state')).toBe('closed');
    expect(screen.getByRole('button', { name: 'M' }).getAttribute('data-state')).toBe('closed');
  });

  test('shows the content on keyboard focus and describes the trigger', async () => {
    render(
      <SimpleTooltip content="Add credits">
        <button type="button">+</button>
      </SimpleTooltip>,
    );
    const trigger = screen.getByRole('button', { name: '+' });
    await act(async () => {
      fireEvent.focus(trigger);
    });
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toBe('Add credits');
    expect(trigger.getAttribute('aria-describedby')).toBe(tip.id);
  });

  test('empty content renders the child alone', () => {
    render(
      <SimpleTooltip content="">
        <button type="button">x</button>
      </SimpleTooltip>,
    );
    expect(screen.getByRole('button', { name: 'x' }).hasAttribute('data-state')).toBe(false);
  });
});
