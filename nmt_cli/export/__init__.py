"""Model directories written for other inference engines."""
