import { idSetScan } from './rendered-select';

/**
 * Runs `read` with every number search's matches read among them (selectPageAmong: `idSetScan.from` lowered to
 * 0, so a handful of demo rows take that path), then restores the threshold.
 */
export async function readingAmongEverything<T>(read: () => Promise<T>): Promise<T> {
  const before = idSetScan.from;
  idSetScan.from = 0;
  try {
    return await read();
  } finally {
    idSetScan.from = before;
  }
}
