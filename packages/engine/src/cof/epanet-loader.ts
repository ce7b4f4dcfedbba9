// Loads the EPANET 2.2 engine of epanet-js from its WASM bytes. Reading the bytes is I/O and stays with the
// caller (server worker, tests, bench: see testing.ts `epanetWasmBytes`); the engine only instantiates.
import { Workspace } from 'epanet-js/slim';
import { EpanetEngine } from 'epanet-js/engines/v2.2';
import type { Workspace as FullWorkspace } from 'epanet-js';

/** The WASM file inside the epanet-js package, relative to the package's `dist/index.cjs`. */
export const EPANET_WASM_RELATIVE_PATH = 'engines/v2.2/EpanetEngine.wasm';

export async function loadEpanet(wasmBinary: Uint8Array): Promise<FullWorkspace> {
  const workspace = new Workspace();
  await workspace.loadModuleVersion(() => EpanetEngine({ wasmBinary }));
  // The slim and full Workspace share one implementation; the full type is what Project accepts.
  return workspace as unknown as FullWorkspace;
}
