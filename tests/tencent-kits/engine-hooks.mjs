/**
 * Module hooks for the engine's process: `@tencentcloud/chat` resolves to Liaison's built SDK, the
 * one alias a port of Tencent's kits needs. The engine loads it only through ESM `import`.
 */
let sdkURL = '';

export function initialize(data) {
  sdkURL = data.sdkURL;
}

export async function resolve(specifier, context, nextResolve) {
  if (specifier === '@tencentcloud/chat') return { url: sdkURL, format: 'module', shortCircuit: true };
  return nextResolve(specifier, context);
}
