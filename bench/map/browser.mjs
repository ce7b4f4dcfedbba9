// Headless Chromium as the map bench drives it: WebGL on SwiftShader (the CPU), exact heap figures.
import { chromium } from '@playwright/test';
import { CHROMIUM } from './settings.mjs';

export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      // Exact (unbucketed) performance.memory values.
      '--enable-precise-memory-info',
    ],
  });
}
