import { configure } from "@testing-library/react";

// findBy… and waitFor wait for a state, not for a delay: on a loaded 2-core CI a lazy import (the
// toaster) or a fetcher's round trip took longer than Testing Library's 1 s default.
configure({ asyncUtilTimeout: 10_000 });
