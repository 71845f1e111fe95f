"""Prospect for Silver (rules page, "Prospect for Silver"): Silver, the Underground maps with their
Prospectors, Mines, Stone Tablets and Cathedrals, the Technologies, the Prospector Wheel, Silver in
the King phase, the Scoring overlay, and the Cardinal of Silver at a solo table. Each module is one
part of the page's section; the base game's modules ask them what differs when it is on."""
