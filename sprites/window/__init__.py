"""The window itself: the loop and its stack of scenes, the display, the layout arithmetic, the
chosen look, the settings kept, the games' life cycle, the solver client, the speaker and SDL's wait."""
