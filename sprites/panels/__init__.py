"""The panels over the table and their widgets: dialogs, the settings, statistics, help and game
chooser, the status bar, buttons and rounded boxes."""
