// The entry of the bundle a build process does not make (./index.ts).
