import { render } from '@testing-library/react';
import { Profiler, type ReactNode } from 'react';

/**
 * The commits React makes to draw `children` for the first time: 'mount', then any update
 * the components bring on themselves as they mount ('update', 'nested-update').
 */
export function commitsOf(children: ReactNode): string[] {
  const commits: string[] = [];
  render(
    <Profiler id="probe" onRender={(_id, phase) => commits.push(phase)}>
      {children}
    </Profiler>,
  );
  return commits;
}
