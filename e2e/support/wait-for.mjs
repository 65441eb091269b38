// Waits until a URL answers 2xx (at most 60 s), for a web server that must start after another.
const url = process.argv[2];
const deadline = Date.now() + 60_000;
for (;;) {
  try {
    const response = await fetch(url);
    if (response.ok) process.exit(0);
  } catch {
    // not up yet
  }
  if (Date.now() > deadline) {
    console.error(`Gave up waiting for ${url}`);
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
}
