"""Iberian Gauge: a cube-rails stock game of five Railroads across the Iberian Peninsula."""
from engines.iberian_gauge.engine import IberianGauge

engine = IberianGauge()

__all__ = ["IberianGauge", "engine"]
