"""ipywidgets views: playable tables and explorers. They call the public engine API and ``Match`` only."""
