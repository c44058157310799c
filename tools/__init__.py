"""Developer tools that drive the real program from outside (screenshots); never run as tests."""
