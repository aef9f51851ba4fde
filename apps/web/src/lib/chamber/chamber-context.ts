import type { AppConfig, Chamber } from '@chamber/contract';
import { createContext } from 'react';

export const FALLBACK_CHAMBER_NAME = 'Chamber of Commerce';

export interface ChamberContextValue {
  config: AppConfig | undefined;
  location: Chamber | undefined;
  /** Full name, from the location, else the config, else a generic fallback. */
  name: string;
  /** Short name for tight spaces (e.g. RACC), falling back to the full name. */
  shortName: string;
  /** Set when the chamber's record could not be loaded ('Failed to fetch location info'). */
  locationError: string | null;
}

export const ChamberContext = createContext<ChamberContextValue | null>(null);
