import { use } from 'react';
import { ChamberContext } from './chamber-context';

export function useChamber() {
  const context = use(ChamberContext);
  if (!context) throw new Error('useChamber must be used inside ChamberProvider');
  return context;
}
